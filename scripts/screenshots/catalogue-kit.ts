// The gallery catalogue's kit: the types of a screen's and a dialog's shots, the steps that reach a state (a visit, a
// row picked, a toolbar button or menu item, the mini-assessment started, a sign-in) and the records a shot finds
// once. The catalogue itself (catalogue.ts) lists the shots with them.
import type { Locator, Page } from 'playwright-core';
import type { components } from '../../generated/bff.ts';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { type CoachScreenId, kebabOf, screen } from '../../web/src/lib/screens.ts';
import {
  type Account,
  answerTo,
  type Bff,
  type Call,
  dataRows,
  errorAlert,
  failCall,
  get,
  holdCall,
  loadingIndicator,
  portalPath,
  type Shot,
  settled,
  shownDialog,
  tickRow,
  WIDTHS,
  type Width,
} from './shots.ts';

export type AssessmentList = components['schemas']['AssessmentList'];
type AssessmentRow = AssessmentList['items'][number];
type TeamPage = components['schemas']['TeamPage'];
export type PairList = components['schemas']['PairList'];
type Checkout = components['schemas']['Checkout'];

type Take = Shot['take'];

interface ScreenSpec {
  screen: string;
  title: string;
  /** The client path (`/dashboard`), or how to find it (a record's id) through the BFF. */
  path: string | ((bff: Bff) => Promise<string>);
  /** The address the index names when `path` is found through the BFF ('/team?id={teamId}'). */
  address?: string;
  /** The account of the loaded, loading and error states (default the demo coach). */
  account?: Account;
  /** The BFF call whose answer the screen shows: held for the loading state, answered 503 for the error state. */
  call?: Call;
  /** What shows once the demo coach's data has loaded. */
  loaded: (page: Page) => Locator;
  loadedCaption?: string;
  /** What shows once the empty coach's (empty) answer has loaded: the screen has an empty state. */
  empty?: (page: Page) => Locator;
  widths?: readonly Width[];
}

interface DialogSpec {
  screen: string;
  title: string;
  /** The dialog's name as its title reads (the state is `dialog-<name>`). */
  name: string;
  caption: string;
  account?: Account;
  widths?: readonly Width[];
  showModals?: Shot['showModals'];
  /** From a new page to the dialog shown. */
  open: Take;
}

export const ACCOUNT_NAMES: Record<Account, string> = {
  demo: `the demo coach (${SEED_COACHES.demo.email})`,
  empty: `the empty coach (${SEED_COACHES.empty.email})`,
  miniOnly: `the coach limited to mini-assessments (${SEED_COACHES.miniOnly.email})`,
  assistant: `the demo coach's assistant (${SEED_ASSISTANT.email})`,
  visitor: 'a visitor without a session',
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function visit(page: Page, bff: Bff, path: ScreenSpec['path']): Promise<void> {
  await page.goto(portalPath(typeof path === 'string' ? path : await path(bff)));
}

/** The states of a screen: loaded, empty (when it has one), loading and error (when it calls the BFF). */
export function screenStates(spec: ScreenSpec): Shot[] {
  const account = spec.account ?? 'demo';
  const address = portalPath(typeof spec.path === 'string' ? spec.path : (spec.address ?? ''));
  const base = { screen: spec.screen, title: spec.title, address, fullPage: true, ...(spec.widths ? { widths: spec.widths } : {}) };
  const loadedTake =
    (show: (page: Page) => Locator): Take =>
    async (page, bff) => {
      const answered = spec.call ? answerTo(page, spec.call) : undefined;
      await visit(page, bff, spec.path);
      await answered;
      await show(page).waitFor();
      await settled(page);
    };
  const shots: Shot[] = [
    {
      ...base,
      state: 'loaded',
      caption: spec.loadedCaption ?? `Loaded: ${ACCOUNT_NAMES[account]}.`,
      account,
      take: loadedTake(spec.loaded),
    },
  ];
  if (spec.empty)
    shots.push({ ...base, state: 'empty', caption: `Empty: ${ACCOUNT_NAMES.empty}.`, account: 'empty', take: loadedTake(spec.empty) });
  const { call } = spec;
  if (call) {
    const what = `${call.method} ${call.path}`;
    shots.push(
      {
        ...base,
        state: 'loading',
        caption: `Loading: ${what} held unanswered.`,
        account,
        take: async (page, bff) => {
          const made = await holdCall(page, call);
          await visit(page, bff, spec.path);
          await made();
          await loadingIndicator(page).waitFor();
        },
      },
      {
        ...base,
        state: 'error',
        caption: `Error: ${what} answered 503 problem+json (dependency_unavailable).`,
        account,
        take: async (page, bff) => {
          await failCall(page, call);
          await visit(page, bff, spec.path);
          await errorAlert(page).waitFor();
        },
      },
    );
  }
  return shots;
}

/** The palette opened from the top bar's button on the dashboard. */
export async function openFindAnything(page: Page): Promise<Locator> {
  await page.goto(portalPath('/dashboard'));
  await page.getByRole('banner').getByRole('button', { name: 'Find anything' }).click();
  return shownDialog(page, 'Find anything');
}

export function dialogShot(spec: DialogSpec): Shot {
  return {
    screen: spec.screen,
    title: spec.title,
    address: '',
    state: `dialog-${slug(spec.name)}`,
    caption: `${spec.name}: ${spec.caption}`,
    account: spec.account ?? 'demo',
    fullPage: false,
    ...(spec.widths ? { widths: spec.widths } : {}),
    ...(spec.showModals ? { showModals: spec.showModals } : {}),
    take: spec.open,
  };
}

/** Runs `find` once per gallery run (a record several shots need). */
function once<T>(find: (bff: Bff) => Promise<T>): (bff: Bff) => Promise<T> {
  let found: Promise<T> | undefined;
  return (bff) => {
    found ??= find(bff);
    return found;
  };
}

// ---- the assessments table: a row picked as a user picks it ----

/**
 * Opens the assessments table at `query`, waits for its rows and ticks the first (or the first `count`) row(s)
 * `pick` accepts, read from the BFF's answer to the same query.
 */
export async function pickAssessments(
  page: Page,
  bff: Bff,
  query: string,
  pick: (row: AssessmentRow) => boolean,
  count = 1,
): Promise<void> {
  const list = await bff.get<AssessmentList>('demo', `/api/assessments?${query}`);
  const picked: number[] = [];
  const clients = new Set<string>();
  for (const [index, row] of list.items.entries()) {
    // Two picks are two clients (Add Pairs).
    if (picked.length < count && pick(row) && !clients.has(row.clientId)) {
      picked.push(index);
      clients.add(row.clientId);
    }
  }
  if (picked.length < count) throw new Error(`no ${count} assessment(s) to pick at ?${query}`);
  await page.goto(portalPath(`/assessments?${query}`));
  await dataRows(page).first().waitFor();
  for (const index of picked) await tickRow(page, index);
  await page.getByText(`${count} selected`, { exact: true }).waitFor();
}

export const own = (row: AssessmentRow) => !row.receivedFromAnotherCoach;
/** An own assessment whose reports are all there to send or download (none waits for marking). */
export const withReports = (row: AssessmentRow) =>
  own(row) && row.availableReports.pdf.length > 0 && row.availableReports.awaitingMarking.length === 0;
export const BY_NAME = 'sort=info&order=asc&pageSize=10';
export const NOT_INVITED = 'filter=notInvitedYet&sort=info&order=asc&pageSize=10';
export const REPORTS = 'filter=completeSendReport&sort=info&order=asc&pageSize=10';

/** A toolbar action: its button, or on a phone (where a long toolbar folds its actions into More) More's item. */
export async function toolbarButton(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  // A phone folds the long toolbars' actions into More; a short one (Teams' first actions) keeps them.
  if (page.viewportSize()?.width === WIDTHS.phone.width && !(await button.isVisible())) return menuItem(page, 'More', name);
  await button.click();
}
export async function menuItem(page: Page, menu: 'Add' | 'More', item: string): Promise<void> {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

export function assessmentDialog(name: string, caption: string, open: Take, options: Partial<DialogSpec> = {}): Shot {
  return dialogShot({ screen: 'assessments', title: 'Assessments', name, caption, open, ...options });
}

// ---- records some addresses need ----

/** The client of a completed own Enneagram assessment of the demo coach, whose page shows its results and reports. */
export const completedClient = once(async (bff) => {
  const list = await bff.get<AssessmentList>('demo', '/api/assessments?filter=completeSendReport&sort=info&order=asc&pageSize=10');
  const row = list.items.find((item) => own(item) && item.assessmentType === 'ennea');
  if (!row) throw new Error('the demo coach has no completed Enneagram assessment of their own');
  return row.clientId;
});

export const firstTeam = once(async (bff) => {
  const team = (await bff.get<TeamPage>('demo', '/api/teams')).items.find((row) => !row.isReceived && row.memberCount > 0);
  if (!team) throw new Error('the demo coach has no team with members');
  return team;
});

/** A completed Enneagram assessment of the demo coach whose guest report the BFF serves. */
export const enneagramGuest = once(async (bff) => {
  const list = await bff.get<AssessmentList>('demo', '/api/assessments?filter=completeSendReport&pageSize=100');
  for (const row of list.items.filter((item) => own(item) && item.assessmentType === 'ennea')) {
    if ((await bff.status('visitor', `/api/public/reports/e/${row.id}`)) === 200) return row.id;
  }
  throw new Error('no completed Enneagram assessment with a guest report');
});

/** A self-registration payment with the card provider (a ZAR coach), started as its form starts it: still pending. */
export const pendingCheckout = once(async (bff) => {
  const checkout = await bff.post<Checkout>('visitor', `/api/public/self-registration/${SEED_COACHES.twoFactor.uuid}/checkouts`, {
    name: 'Thandiwe',
    surname: 'Nkosi',
    email: 'gallery.registrant@example.test',
    assessmentLanguage: 'english',
  });
  return checkout.checkoutId;
});

export const heading = (page: Page, name: string | RegExp, level?: number) =>
  page.getByRole('heading', { name, ...(level ? { level } : {}), ...(typeof name === 'string' ? { exact: true } : {}) });
export const firstRow = (page: Page) => dataRows(page).first();
export const text = (page: Page, words: string) => page.getByText(words, { exact: true });

/** A table screen's states from its manifest entry (web/src/lib/screens.ts `gallery`): loaded at its first row, empty at its text. */
export function manifestScreenStates(id: CoachScreenId): Shot[] {
  const { path, label, gallery } = screen(id);
  if (!gallery) throw new Error(`the screen ${id} has no gallery states in web/src/lib/screens.ts`);
  const { empty } = gallery;
  return screenStates({
    screen: kebabOf(id),
    title: label,
    path,
    call: gallery.call.includes('{') ? get(gallery.call, new RegExp(`^${gallery.call.replace(/\{\w+\}/g, '[^/]+')}$`)) : get(gallery.call),
    loaded: firstRow,
    ...(empty && { empty: (page: Page) => text(page, empty) }),
  });
}

// The table screens placed by hand below (beside their dialogs).
export const PLACED: ReadonlySet<string> = new Set<CoachScreenId>(['scoGiven', 'clients', 'miniAssessments', 'teams', 'pairs']);

/** Opens the demo coach's mini-assessment afresh (no saved progress), chooses English and registers a guest. */
export async function startMini(page: Page): Promise<void> {
  // The visitor's context keeps the progress of the link: each load of this page starts without it.
  await page.addInitScript(() => globalThis.localStorage?.clear());
  await page.goto(portalPath(`/mini/${SEED_COACHES.demo.uuid}`));
  await page.getByText('English', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Gallery');
  await page.getByRole('textbox', { name: /^Surname/ }).fill('Guest');
  await page.getByRole('textbox', { name: /^Email/ }).fill('gallery.guest@example.test');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { name: 'Question 1 of 4' }).waitFor();
}

/** Fills the sign-in form and presses Sign In. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
