// What a gallery shot is, and the steps shots are made of: reaching a state as a user would (the address, the
// clicks, by role and name), the loading and error states through Playwright's `page.route` on the BFF call the
// screen makes, and waits on what the page shows (never a sleep).
import type { Locator, Page, Route } from 'playwright-core';

export const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;
export type Width = keyof typeof WIDTHS;

/** Who the shot's browser is: a seeded coach (signed in through the BFF), or a visitor without a session. */
export type Account = 'demo' | 'empty' | 'miniOnly' | 'assistant' | 'visitor';

/** The BFF as the shots' accounts read it (their sessions), for the records an address or a row needs. */
export interface Bff {
  get<T>(account: Account, path: string): Promise<T>;
  status(account: Account, path: string): Promise<number>;
  post<T>(account: Account, path: string, body: unknown): Promise<T>;
}

export interface Shot {
  /** The group in the index and the file name's first part, e.g. 'assessments'. */
  screen: string;
  /** The group's heading, e.g. 'Assessments'. */
  title: string;
  /** The address the group is about, for the index ('' when the shot starts elsewhere). */
  address: string;
  /** The file name's second part: 'loaded', 'empty', 'loading', 'error', 'dialog-send-reports'… */
  state: string;
  /** What the shot shows, for the index. */
  caption: string;
  account: Account;
  /** A page is shot whole (unless SCREENSHOT_FULL_PAGE=0), a dialog as the viewport shows it. */
  fullPage: boolean;
  /** The widths the state exists at (default both): a desktop-only action has no phone shot. */
  widths?: readonly Width[];
  /** The modal left as it comes (every other shot has put the policies and messages modals off, 'Later'). */
  showModals?: 'policies' | 'messages';
  /** Brings `page` (new, in the account's context at the width) to the state; throws when the state does not show. */
  take(page: Page, bff: Bff): Promise<void>;
}

/** The portal's address of a path of the client (`/dashboard`), as the browser contexts' base URL resolves it. */
export const portalPath = (path: string) => `/coachportal${path}`;

/** A BFF call a screen makes: its method and path as the contract writes it, and the addresses it matches. */
export interface Call {
  method: 'GET' | 'POST';
  path: string;
  /** Its paths when `path` has parameters (`/api/teams/{teamId}`); else `path` exactly. */
  match?: RegExp;
}
export const get = (path: string, match?: RegExp): Call => ({ method: 'GET', path, ...(match ? { match } : {}) });
export const post = (path: string): Call => ({ method: 'POST', path });

function isCall(call: Call, method: string, url: string): boolean {
  const { pathname } = new URL(url);
  return method === call.method && (call.match ? call.match.test(pathname) : pathname === call.path);
}

/** The problem the BFF answers while a store it needs is down (bff/problem.ts `dependencyUnavailable`). */
export const UNAVAILABLE = {
  type: '/problems/dependency_unavailable',
  title: 'Service unavailable',
  status: 503,
  code: 'dependency_unavailable',
  detail: 'The service is unavailable. Please try again later.',
} as const;

/** Holds `call` unanswered (the loading state); resolves once the page has made it. */
export async function holdCall(page: Page, call: Call): Promise<() => Promise<void>> {
  let made: () => void = () => {};
  const madeCall = new Promise<void>((resolve) => {
    made = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    (route: Route) => {
      const request = route.request();
      if (!isCall(call, request.method(), request.url())) return route.fallback();
      made();
      // Never answered: the page stays in its loading state until it is closed.
      return undefined;
    },
  );
  return () => madeCall;
}

/** Answers `call` (and its retry) with the BFF's 503 problem (the error state). */
export async function failCall(page: Page, call: Call): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    (route: Route) => {
      const request = route.request();
      if (!isCall(call, request.method(), request.url())) return route.fallback();
      return route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '5' },
        body: JSON.stringify({ ...UNAVAILABLE, instance: `gallery-${Date.now()}` }),
      });
    },
  );
}

/** Resolves with the page's answer to `call` (start it before the step that makes the call). */
export function answerTo(page: Page, call: Call): Promise<unknown> {
  return page.waitForResponse((response) => isCall(call, response.request().method(), response.url()));
}

/** Whether the page shows no loading state: nothing `aria-busy`, no 'Loading...' or 'Checking ...' text. */
export async function settled(scope: Page | Locator): Promise<void> {
  await scope.locator('[aria-busy="true"]').first().waitFor({ state: 'hidden' });
  await scope
    .getByText(/^(Loading|Checking)\b.*\.\.\.$/)
    .first()
    .waitFor({ state: 'hidden' });
}

/** What a screen shows while its call is held: a busy region, or its 'Loading...' / 'Checking ...' / '...' text. */
export function loadingIndicator(page: Page): Locator {
  return page
    .locator('[aria-busy="true"]')
    .or(page.getByText(/^((Loading|Checking)\b.*)?\.\.\.$/))
    .first();
}

/** An error the page shows: an alert with text. */
export function errorAlert(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: /\S/ }).first();
}

/** The table's data rows (the header row left out), as the browser tests read them. */
export function dataRows(page: Page): Locator {
  return page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
}

/** Ticks the table's row `index` (0-based) by its checkbox, as a user picks a row before an action. */
export async function tickRow(page: Page, index: number): Promise<void> {
  await dataRows(page).nth(index).getByRole('checkbox').check();
}

/** The dialog (or alert dialog) named `name`, once it shows and has loaded what it shows. */
export async function shownDialog(page: Page, name: string | RegExp, role: 'dialog' | 'alertdialog' = 'dialog'): Promise<Locator> {
  const dialog = page.getByRole(role, { name });
  await dialog.waitFor();
  await settled(dialog);
  return dialog;
}

/** One shot taken: the PNG's name in the folder, and what went wrong on the way to the state, if anything. */
export interface ShotResult {
  shot: Shot;
  width: Width;
  /** The PNG's name in the folder. */
  file: string;
  /** What went wrong on the way to the state, if anything. */
  problem?: string;
}
