// The gallery's insights panels: each panel in its screen, loaded (the demo coach), empty, loading (its call held)
// and failed (its call answered 503), at both widths. The team's panel has no empty account (the empty coach has no
// team): its empty state is the demo team's own answer with every member still to complete, as a team reads before
// anyone has completed.
import type { Locator, Page, Route } from 'playwright-core';
import type { components } from '../../generated/bff.ts';
import { type Account, type Bff, type Call, failCall, get, holdCall, portalPath, type Shot, settled } from './shots.ts';

type TeamPage = components['schemas']['TeamPage'];
type TeamInsight = components['schemas']['TeamInsight'];

interface PanelSpec {
  /** The group in the index: one per panel. */
  screen: string;
  title: string;
  address: string;
  path: (bff: Bff) => Promise<string>;
  call: Call;
  /** The panel's heading (its region's name). */
  panel: string;
  loaded: (region: Locator) => Locator;
  empty: { account: Account; text: string; caption: string; answer?: (page: Page, bff: Bff) => Promise<void> };
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

function panelStates(spec: PanelSpec): Shot[] {
  const base = { screen: spec.screen, title: spec.title, address: portalPath(spec.address), fullPage: true };
  const open = async (page: Page, bff: Bff) => page.goto(portalPath(await spec.path(bff)));
  const what = `${spec.call.method} ${spec.call.path}`;
  return [
    {
      ...base,
      state: 'loaded',
      caption: `Loaded: the demo coach's ${spec.panel.toLowerCase()}.`,
      account: 'demo',
      take: async (page, bff) => {
        await open(page, bff);
        await spec.loaded(region(page, spec.panel)).first().waitFor();
        await settled(page);
      },
    },
    {
      ...base,
      state: 'empty',
      caption: spec.empty.caption,
      account: spec.empty.account,
      take: async (page, bff) => {
        await spec.empty.answer?.(page, bff);
        await open(page, bff);
        await region(page, spec.panel).getByText(spec.empty.text).waitFor();
        await settled(page);
      },
    },
    {
      ...base,
      state: 'loading',
      caption: `Loading: ${what} held unanswered (the screen's own figures shown).`,
      account: 'demo',
      take: async (page, bff) => {
        const made = await holdCall(page, spec.call);
        await open(page, bff);
        await made();
        await region(page, spec.panel).locator('[aria-busy="true"]').waitFor();
      },
    },
    {
      ...base,
      state: 'error',
      caption: `Error: ${what} answered 503 problem+json (dependency_unavailable), with Retry.`,
      account: 'demo',
      take: async (page, bff) => {
        await failCall(page, spec.call);
        await open(page, bff);
        await region(page, spec.panel).getByRole('alert').filter({ hasText: /\S/ }).first().waitFor();
      },
    },
  ];
}

let team: Promise<string> | undefined;
const firstTeamId = (bff: Bff): Promise<string> => {
  team ??= bff.get<TeamPage>('demo', '/api/teams').then((list) => {
    const found = list.items.find((row) => !row.isReceived && row.memberCount > 0);
    if (!found) throw new Error('the demo coach has no team with members');
    return found.id;
  });
  return team;
};

const TEAM_INSIGHT = get('/api/insights/teams/{teamId}', /^\/api\/insights\/teams\/[^/]+$/);

/** The demo team's answer as it reads before anyone completed: every member still to complete. */
async function nobodyCompleted(page: Page, bff: Bff): Promise<void> {
  const id = await firstTeamId(bff);
  const real = await bff.get<TeamInsight>('demo', `/api/insights/teams/${id}`);
  const names = [...new Set([...real.enneagram, ...real.maturity].flatMap((entry) => entry.members))];
  const answer: TeamInsight = {
    ...real,
    completedCount: 0,
    enneagram: real.enneagram.map((point) => ({ ...point, count: 0, members: [] })),
    maturity: real.maturity.map((stage) => ({ ...stage, count: 0, members: [] })),
    pending: [...real.pending, ...names.map((name, index) => ({ id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, name }))],
  };
  await page.route(
    (url) => TEAM_INSIGHT.match?.test(url.pathname) ?? false,
    (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) }),
  );
}

export const INSIGHT_SHOTS: readonly Shot[] = [
  ...panelStates({
    screen: 'insights-completions',
    title: 'Insights: Completions per week (dashboard)',
    address: '/dashboard',
    path: async () => '/dashboard',
    call: get('/api/insights/completions'),
    panel: 'Completions per week',
    loaded: (panel) => panel.getByRole('img'),
    empty: { account: 'empty', text: 'No assessments were completed in these weeks.', caption: 'Empty: the empty coach.' },
  }),
  ...panelStates({
    screen: 'insights-credits',
    title: 'Insights: Credits used per month (Balance)',
    address: '/balance',
    path: async () => '/balance',
    call: get('/api/insights/credits'),
    panel: 'Credits used per month',
    loaded: (panel) => panel.getByRole('img'),
    empty: { account: 'empty', text: 'No credits were used in the last 12 months.', caption: 'Empty: the empty coach.' },
  }),
  ...panelStates({
    screen: 'insights-team',
    title: 'Insights: The team at a glance (team page)',
    address: '/team?id={teamId}',
    path: async (bff) => `/team?id=${await firstTeamId(bff)}`,
    call: TEAM_INSIGHT,
    panel: 'The team at a glance',
    loaded: (panel) => panel.getByRole('img'),
    empty: {
      account: 'demo',
      text: 'No member has completed an assessment yet.',
      caption: "Empty: the demo coach's first team as it reads before any member completed (its answer with every member pending).",
      answer: nobodyCompleted,
    },
  }),
];
