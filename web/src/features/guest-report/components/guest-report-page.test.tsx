import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch, useParams, useSearchParams } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { STORAGE_KEYS } from '../../../lib/local-storage.ts';
import { render } from '../../../test/render.tsx';
import { reportRequestFrom } from '../utils/report-request.ts';
import type { GuestReport } from '../utils/report-tabs.ts';
import { GuestReportPage } from './guest-report-page.tsx';
import { InvalidReportLink } from './invalid-report-link.tsx';

const GUEST = 'a55e55e0-0000-4000-8000-000000000007';

// The contract's example (openapi GuestReport), as the BFF answers it.
const REPORT: GuestReport = {
  guestId: GUEST,
  reportCode: 'e',
  reportName: 'Enneagram',
  assessmentType: 'ennea',
  assessmentTypeName: 'Enneagram',
  reportLanguage: 'english',
  languageOptions: [],
  textOnly: false,
  miniGuest: false,
  person: {
    name: 'Zuzana',
    surname: 'Kováčová',
    email: 'zuzana.kovacova@example.sk',
    company: 'Tatra Logistika s.r.o.',
    occupation: 'Operations manager',
    gender: 'female',
    dateOfBirth: '1986-04-12',
    completedAt: '2025-10-14T09:12:44Z',
  },
  ennea: { type: 5, trifix: '514', instinct: 'SP' },
  orderedTrifix: '514',
  maturity: null,
  combinedIndex: null,
  scores: {
    main: [
      { style: 5, value: 31 },
      { style: 1, value: 24 },
    ],
    lines: [{ style: 7, value: 12 }],
    wings: [{ style: 4, value: 22 }],
    s1: [{ style: 5, min: 18, max: 34 }],
    s3: { SP: 38, SO: 21, SX: 27 },
  },
  maturityLevels: [],
  textAnswers: [
    {
      sectionId: 'work',
      questionNumber: 3,
      questionText: 'Describe how you respond when a deadline moves closer.',
      rawTextResponse: 'I close the door and plan every step.',
      positive: [
        { context: 'Under pressure at work', text: 'You think things through carefully before you act.' },
        { context: '', text: 'You bring a plan that others can follow.' },
      ],
      neutral: [],
      negative: [{ context: 'Under pressure at work', text: 'The team may read your withdrawal as distance.' }],
    },
  ],
  postSurvey: {
    priorExperience: 'Read two books on the Enneagram',
    enneagramType: '5',
    dominantInstinct: 'SP',
    howTyped: null,
    earlierTest: 'None',
  },
  comments: null,
  sections: [
    { id: 'introduction', title: 'Introduction', html: '<p>This report describes your Enneagram style.</p>' },
    { id: 'your-style', title: 'Your Enneagram style', html: '<h3>Style 5</h3><p>You value knowledge, privacy and competence.</p>' },
    { id: 'appendix-a', title: 'Appendix A', html: '<p>About the Enneagram.</p>' },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

// The typed client keeps the fetch it was created with: the spy must be in place before it is imported.
const fetchSpy = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
/** The URLs the page asked for, in order. */
const requested = () => fetchSpy.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)));

function answerWith(answer: (url: URL) => Response | Promise<Response>) {
  fetchSpy.mockImplementation(async (input) => answer(new URL(input instanceof Request ? input.url : String(input))));
}

/** happy-dom's own API: the viewport that matchMedia answers for. */
function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({
    width,
    height: 800,
  });
}

/** What the route file does, under an in-memory router (the route table's three report paths). */
function ReportRoute() {
  const params = useParams<{ reportCode?: string; guestId?: string }>();
  const [search] = useSearchParams();
  const request = reportRequestFrom(params, search);
  return request ? <GuestReportPage request={request} /> : <InvalidReportLink />;
}

function renderAt(path: string) {
  const memory = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <RouterProvider navigate={(to) => memory.navigate(to)}>
        <Switch>
          <Route path="/reports/:guestId" component={ReportRoute} />
          <Route path="/reports/:reportCode/:guestId" component={ReportRoute} />
          <Route path="/customreports/:reportCode/:guestId" component={ReportRoute} />
        </Switch>
      </RouterProvider>
    </Router>,
  );
  return { ...view, memory };
}

beforeEach(() => {
  fetchSpy.mockReset();
  answerWith(() => json(REPORT));
});
afterEach(() => {
  setViewportWidth(1024);
});

describe('guest report viewer', () => {
  it('shows a loading state, then the report with its first section selected', async () => {
    renderAt(`/reports/e/${GUEST}`);
    expect(screen.getByRole('status').textContent).toContain('Loading report...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Enneagram report' })).toBeTruthy();
    expect(screen.getByText('Zuzana Kováčová')).toBeTruthy();
    // The result at a glance: the figure with style 5 marked beside the scored facts.
    const summary = screen.getByRole('region', { name: 'Your result at a glance' });
    const figure = within(summary).getByRole('img', { name: 'Enneagram figure with style 5 marked' });
    expect(figure.querySelector('.enneagram-figure__point--marked')?.textContent).toBe('5');
    expect(summary.textContent).toContain('Trifix514');

    const tabs = screen.getByRole('tablist', { name: 'Report sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Introduction', 'Your Enneagram style', 'Appendix A', 'Results', 'Free-text answers', 'Post-survey', 'Personal details']);
    expect(screen.getByRole('tab', { name: 'Introduction' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('This report describes your Enneagram style.');
    expect(requested().map((url) => url.pathname)).toEqual([`/api/public/reports/e/${GUEST}`]);
  });

  it('passes the link’s query parameters on', async () => {
    renderAt(`/customreports/c/${GUEST}?language=english&trifix=514&instinct=SX&version=text`);
    await screen.findByRole('heading', { level: 1, name: 'Enneagram report' });
    const [url] = requested();
    expect(url?.pathname).toBe(`/api/public/reports/c/${GUEST}`);
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ language: 'english', trifix: '514', instinct: 'SX', version: 'text' });
    // The text-only version draws no figure.
    expect(screen.queryByRole('region', { name: 'Your result at a glance' })).toBeNull();
  });

  it('asks for the Enneagram report on the legacy route', async () => {
    renderAt(`/reports/${GUEST}`);
    await screen.findByRole('heading', { level: 1, name: 'Enneagram report' });
    expect(requested()[0]?.pathname).toBe(`/api/public/reports/e/${GUEST}`);
  });

  it('renders the results, scores, free-text answers, post-survey and personal details', async () => {
    const user = userEvent.setup();
    renderAt(`/reports/e/${GUEST}`);
    await user.click(await screen.findByRole('tab', { name: 'Results' }));
    const results = screen.getByRole('tabpanel');
    // The results entries load when first shown.
    await within(results).findByRole('table', { name: 'Style scores' });
    expect(results.textContent).toContain('Enneagram styleStyle 5 (head centre)');
    expect(results.textContent).toContain('Trifix514');
    expect(results.textContent).toContain('InstinctSelf-preservation (SP)');
    const styleScores = within(results).getByRole('table', { name: 'Style scores' });
    expect(within(styleScores).getByRole('row', { name: 'Style 5 31' })).toBeTruthy();
    expect(within(results).getByRole('table', { name: 'Score ranges' }).textContent).toContain('Style 51834');
    expect(within(results).getByRole('table', { name: 'Instinct scores' }).textContent).toContain('Social (SO)21');
    // Each bar shows its score on the 0 to 100 scale of the scores, not against the table's highest.
    const instinctScores = within(results).getByRole('table', { name: 'Instinct scores' });
    const widths = [...instinctScores.querySelectorAll<HTMLElement>('.score__fill')].map((fill) => fill.style.inlineSize);
    expect(widths).toEqual(['38%', '21%', '27%']);
    expect(styleScores.querySelector<HTMLElement>('.score__fill')?.style.inlineSize).toBe('31%');

    await user.click(screen.getByRole('tab', { name: 'Free-text answers' }));
    const answers = screen.getByRole('tabpanel');
    expect(within(answers).getByRole('heading', { name: 'Question 3' })).toBeTruthy();
    expect(answers.textContent).toContain('AnswerI close the door and plan every step.');
    expect(answers.textContent).toContain('Negative readingUnder pressure at work: The team may read your withdrawal as distance.');
    // Every part of a reading is shown, in order.
    const positive = within(answers)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(positive).toEqual([
      'Under pressure at work: You think things through carefully before you act.',
      'You bring a plan that others can follow.',
    ]);
    expect(answers.textContent).not.toContain('Neutral reading');

    await user.click(screen.getByRole('tab', { name: 'Post-survey' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('How the person was typedNot answered');

    await user.click(screen.getByRole('tab', { name: 'Personal details' }));
    const details = screen.getByRole('tabpanel');
    expect(details.textContent).toContain('CompanyTatra Logistika s.r.o.');
    expect(details.textContent).toContain('Date of birth12 April 1986');
  });

  it('shows a Combined report’s maturity stage and combined result', async () => {
    answerWith(() =>
      json({
        ...REPORT,
        reportCode: 'c',
        reportName: 'Combined',
        maturity: { stage: 4, code: 'PE', name: 'Performing' },
        combinedIndex: 36,
        maturityLevels: [
          { name: 'Specialising', code: 'SP' },
          { name: 'Performing', code: 'PE' },
        ],
      }),
    );
    const user = userEvent.setup();
    renderAt(`/reports/c/${GUEST}`);
    await user.click(await screen.findByRole('tab', { name: 'Results' }));
    const results = screen.getByRole('tabpanel');
    await within(results).findByRole('list');
    expect(results.textContent).toContain('Maturity stagePerforming (PE), stage 4 of 8');
    expect(results.textContent).toContain('Combined result36 of 72');
    expect(within(results).getByRole('list').textContent).toContain('Performing (PE) (your stage)');
  });

  it('restores the tab last chosen for the report code', async () => {
    const user = userEvent.setup();
    const first = renderAt(`/reports/e/${GUEST}`);
    await user.click(await screen.findByRole('tab', { name: 'Appendix A' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.reportTab) ?? '{}')).toEqual({ e: 'appendix-a' });
    first.unmount();

    renderAt(`/reports/e/${GUEST}`);
    expect((await screen.findByRole('tab', { name: 'Appendix A' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('About the Enneagram.');
  });

  it('falls back to the first tab when the remembered one is not in this report', async () => {
    localStorage.setItem(STORAGE_KEYS.reportTab, JSON.stringify({ e: 'no-such-section', m: 'appendix-a' }));
    renderAt(`/reports/e/${GUEST}`);
    expect((await screen.findByRole('tab', { name: 'Introduction' })).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the server’s error in an alert', async () => {
    answerWith(() =>
      json(
        {
          type: '/problems/report_unavailable',
          title: 'Failed',
          status: 400,
          code: 'report_unavailable',
          detail: 'No results were found for this report link.',
          instance: 'req-1',
        },
        400,
      ),
    );
    renderAt(`/reports/m/${GUEST}`);
    expect((await screen.findByRole('alert')).textContent).toContain('No results were found for this report link.');
    expect(screen.getByRole('heading', { level: 1, name: 'Report' })).toBeTruthy();
  });

  it('offers a Retry when the report cannot be read, and shows the report it then answers', async () => {
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderAt(`/reports/e/${GUEST}`);
    expect((await screen.findByRole('alert')).textContent).toContain('The portal could not be reached.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('tab', { name: 'Introduction' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the portal cannot be reached', async () => {
    fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt(`/reports/e/${GUEST}`);
    expect((await screen.findByRole('alert')).textContent).toContain('The portal could not be reached.');
  });

  it('refuses a broken link without calling the server', () => {
    renderAt('/reports/x/not-a-guest');
    expect(screen.getByRole('alert').textContent).toContain('This report link is not valid.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('uses a menu button instead of tabs in the narrow layout', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    renderAt(`/reports/e/${GUEST}`);
    await user.click(await screen.findByRole('button', { name: 'Sections' }));
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('menuitemradio', { name: 'Introduction' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Appendix A' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Appendix A' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Appendix A' }).textContent).toContain('About the Enneagram.');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.reportTab) ?? '{}')).toEqual({ e: 'appendix-a' });
  });

  it('shows the text-only version with the menu button and no charts', async () => {
    answerWith(() => json({ ...REPORT, textOnly: true }));
    const user = userEvent.setup();
    const { container, memory } = renderAt(`/reports/e/${GUEST}?version=text`);
    await user.click(await screen.findByRole('button', { name: 'Sections' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Results' }));
    await screen.findByRole('table', { name: 'Style scores' });
    expect(container.querySelectorAll('.score__bar')).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'Standard version' }));
    expect(memory.history?.at(-1)).toBe(`/reports/e/${GUEST}`);
  });

  it('links the standard version to the text-only one', async () => {
    const user = userEvent.setup();
    const { memory } = renderAt(`/reports/e/${GUEST}?language=english`);
    await user.click(await screen.findByRole('link', { name: 'Text-only version' }));
    expect(memory.history?.at(-1)).toBe(`/reports/e/${GUEST}?language=english&version=text`);
    await screen.findByRole('button', { name: 'Sections' });
    expect(requested().at(-1)?.searchParams.get('version')).toBe('text');
  });

  it('shows every section on one page in the print view', async () => {
    const user = userEvent.setup();
    renderAt(`/reports/e/${GUEST}`);
    await user.click(await screen.findByRole('button', { name: 'Show all sections' }));
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Introduction',
      'Your Enneagram style',
      'Appendix A',
      'Results',
      'Free-text answers',
      'Post-survey',
      'Personal details',
    ]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show one section at a time' }));
    expect(screen.getByRole('tablist')).toBeTruthy();
  });

  it('switches a mini guest’s Enneagram report to another language', async () => {
    answerWith((url) =>
      json({
        ...REPORT,
        miniGuest: true,
        languageOptions: ['english', 'slovak', 'hungarian'],
        reportLanguage: url.searchParams.get('language') ?? 'english',
      }),
    );
    const user = userEvent.setup();
    const { memory } = renderAt(`/reports/e/${GUEST}`);
    await user.click(await screen.findByRole('button', { name: /Report language/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Slovak', 'Hungarian']);
    await user.click(screen.getByRole('option', { name: 'Slovak' }));
    expect(memory.history?.at(-1)).toBe(`/reports/e/${GUEST}?language=slovak`);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /Report language/ }).textContent).toContain('Slovak'));
    expect(requested().map((url) => url.searchParams.get('language'))).toEqual([null, 'slovak']);
  });

  it('shows only the mini report’s own 4 sections to a mini guest', async () => {
    // The legacy contract's mini report (textOnlyMini): four sections and no other results entries.
    const miniSections = [
      { id: 'introduction', title: 'Introduction', html: '<p>This short report presents your Enneagram style.</p>' },
      { id: 'your-style', title: 'Your Style', html: '<p>Style 9: the Peacemaker.</p>' },
      { id: 'growth', title: 'Growth', html: '<p>The direction of growth.</p>' },
      { id: 'next-steps', title: 'Next Steps', html: '<p>Discuss the result with your coach.</p>' },
    ];
    answerWith(() => json({ ...REPORT, miniGuest: true, languageOptions: ['english', 'slovak', 'hungarian'], sections: miniSections }));
    renderAt(`/reports/e/${GUEST}`);
    const tabs = await screen.findByRole('tablist', { name: 'Report sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Introduction', 'Your Style', 'Growth', 'Next Steps']);
    expect(screen.getByRole('tabpanel').textContent).toContain('This short report presents your Enneagram style.');
  });

  it('shows no language switcher when the report offers no languages', async () => {
    renderAt(`/reports/e/${GUEST}`);
    await screen.findByRole('heading', { level: 1, name: 'Enneagram report' });
    expect(screen.queryByRole('button', { name: /Report language/ })).toBeNull();
  });

  it('offers no PDF download: the guest has no coach session for the legacy PDF', async () => {
    renderAt(`/reports/e/${GUEST}`);
    await screen.findByRole('heading', { level: 1, name: 'Enneagram report' });
    expect(screen.queryByRole('button', { name: /PDF/ })).toBeNull();
  });
});
