// The browser tests' fixtures (Playwright Test): each worker runs a stack of its own (sandbox + BFF serving the
// build of global-setup.ts), so no test sees another worker's changes; each test gets a fresh context (a new
// visitor) at its layout's viewport, signed in as its account when it has one (one sign-in per account per
// worker, the session kept as storage state and checked before reuse); the sandbox's fault switches are cleared
// after each test; an uncaught page error fails the test; a failed test keeps a screenshot, the page's last
// network errors and the stack's log (README.md beside this folder).
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  request,
} from '@playwright/test';
import { axeViolations } from '../../../scripts/lib/axe.ts';
import { freePort } from '../../../scripts/lib/prism.ts';
import { startStack } from '../../../scripts/lib/stack.ts';

export type { APIRequestContext, Browser, BrowserContext, Locator, Page };
export { expect, request };

export const PASSWORD = 'Demo-portal-2026!';
export const DEMO = 'demo@coachportal.test';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type Layout = keyof typeof VIEWPORTS;
export const LAYOUTS = Object.keys(VIEWPORTS) as Layout[];

/** The web client's session-storage keys for 'Later' on the policies modal and on the dashboard's messages to acknowledge. */
const POLICIES_LATER_KEY = 'coachportal.policiesLater';
const MESSAGES_LATER_KEY = 'coachportal.messagesLater';

export interface StackUrls {
  /** The portal's address in a browser: http://localhost:…/coachportal/ */
  portalUrl: string;
  bffUrl: string;
  sandboxUrl: string;
}

export interface VisitOptions {
  /** Signed in as this account (its worker's shared session), or a visitor without a session (`null`). */
  account?: string | null;
  /**
   * Every seeded coach has a policy to sign, so the policies modal would open over every coach screen: unless a
   * test is about it, the visitor has already put it off ('Later') for this tab. An overdue policy still blocks.
   */
  showPoliciesModal?: boolean;
  /** Likewise the demo coach's messages to acknowledge, an alert modal over the dashboard. */
  showMessagesModal?: boolean;
  /** The context's viewport (default: the test's layout). */
  layout?: Layout;
}

interface TestOptions {
  /** The test's layout: its viewport. */
  layout: Layout;
  /** The account the test's `page` is signed in as (`null`: a visitor without a session). */
  account: string | null;
  showPoliciesModal: boolean;
  showMessagesModal: boolean;
}

interface TestFixtures {
  /** Opens one more visitor (a context of its own) beside the test's `page`; closed with the test. */
  visit: (options?: VisitOptions) => Promise<Page>;
  /** Clears the sandbox's fault switches after the test (automatic). */
  clearFaults: undefined;
}

interface WorkerFixtures {
  /** The worker's stack (sandbox + BFF), started once per worker. */
  stack: StackUrls & { logFile: string };
  /** Storage states of the accounts signed in so far in this worker. */
  sessions: Map<string, StorageState>;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A random documentation-range address (RFC 3849) per context: each context is its own visitor for rate limits. */
export function visitorAddress(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
  return `2001:db8::${a.toString(16)}:${b.toString(16)}`;
}

/** The headers of a state-changing BFF call as the web client sends them (CSRF: a custom header and the origin). */
export function csrfHeaders(): Record<string, string> {
  return { 'X-CSRF': '1', Origin: new URL(stackUrls().portalUrl).origin };
}

let current: StackUrls | undefined;
/** The stack of this worker, for steps that are not fixtures (sandbox controls, outbox reads). */
export function stackUrls(): StackUrls {
  if (!current) throw new Error('stackUrls(): no stack in this worker yet (use it inside a test or hook)');
  return current;
}

/** Signs `email` in through the BFF's API (the sign-in form has tests of its own) and keeps the session. */
async function signInState(portalUrl: string, email: string): Promise<StorageState> {
  // Inside a test, request.newContext() starts from the test's options, its storage state included: a sign-in
  // must not carry the test page's session cookie (the BFF would end that session as it starts the new one).
  const api = await request.newContext({
    baseURL: portalUrl,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
  });
  try {
    const response = await api.post('/api/session', { headers: csrfHeaders(), data: { email, password: PASSWORD } });
    expect(response.status(), `sign-in of ${email}`).toBe(200);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

/** Whether a kept session still answers (a test may have ended it: sign-out, a legacy 403). */
async function sessionAlive(portalUrl: string, state: StorageState): Promise<boolean> {
  const api = await request.newContext({
    baseURL: portalUrl,
    storageState: state,
    extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
  });
  try {
    return (await api.get('/api/session')).status() === 200;
  } finally {
    await api.dispose();
  }
}

/** The worker's session of `account`: the kept one while it answers, else a new sign-in. */
async function keptSession(portalUrl: string, sessions: Map<string, StorageState>, account: string): Promise<StorageState> {
  const kept = sessions.get(account);
  if (kept && (await sessionAlive(portalUrl, kept))) return kept;
  const state = await signInState(portalUrl, account);
  sessions.set(account, state);
  return state;
}

export const test = base.extend<TestOptions & TestFixtures, WorkerFixtures>({
  layout: ['desktop', { option: true }],
  account: [null, { option: true }],
  showPoliciesModal: [false, { option: true }],
  showMessagesModal: [false, { option: true }],

  stack: [
    async ({}, use, workerInfo) => {
      const running = process.env.E2E_STACK_URL;
      if (running) {
        // A stack already running (README.md "Running"): nothing to start or stop.
        const bffUrl = running.replace(/\/$/, '');
        current = { portalUrl: `${bffUrl}/coachportal/`, bffUrl, sandboxUrl: process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:4010' };
        await use({ ...current, logFile: '(the running stack logs to its own terminal)' });
        current = undefined;
        return;
      }
      const webDistDir = process.env.E2E_WEB_DIST_DIR;
      if (!webDistDir)
        throw new Error('E2E_WEB_DIST_DIR is not set: run the suite through playwright.config.ts (global-setup.ts builds the client)');
      const logDir = join(workerInfo.project.outputDir, 'stacks');
      mkdirSync(logDir, { recursive: true });
      const logFile = join(logDir, `worker-${workerInfo.workerIndex}.log`);
      const started = await startStack({
        sandboxPort: await freePort(),
        bffPort: await freePort(),
        webDistDir,
        // A pair a test adds stays unsupplied (so deletable) however slow the run; team reports come after 20 s. One soak
        // account (soak-0001@coachportal.test, 3,000 assessments) for the actions on a selection of thousands.
        sandboxEnv: { SANDBOX_FAULTS: '1', SANDBOX_PAIR_REPORT_READY_SECONDS: '3600', SANDBOX_SOAK_COACHES: '1' },
        // Each context stands for a visitor of its own: it sends its own X-Forwarded-For, which the BFF
        // honours from loopback only, so per-IP limits apply per context. Coach screens ask for updates at the floor
        // interval (15 s), so a test sees a change found in the legacy lists without waiting the default 2 minutes.
        bffEnv: { LOG_LEVEL: 'info', TRUST_PROXY: 'loopback', UPDATES_INTERVAL_SECONDS: '15' },
        output: { logFile },
        onUnexpectedExit: (name, code) => appendFileSync(logFile, `e2e: the ${name} exited with ${code}\n`),
      });
      current = { portalUrl: started.portalUrl, bffUrl: started.bffUrl, sandboxUrl: started.sandboxUrl };
      await use({ ...current, logFile });
      current = undefined;
      await started.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  sessions: [async ({}, use) => use(new Map()), { scope: 'worker' }],

  baseURL: async ({ stack }, use) => use(stack.portalUrl),
  viewport: async ({ layout }, use) => use(VIEWPORTS[layout]),
  extraHTTPHeaders: async ({}, use) => use({ 'X-Forwarded-For': visitorAddress() }),
  storageState: async ({ account, stack, sessions }, use) => {
    await use(account ? await keptSession(stack.portalUrl, sessions, account) : undefined);
  },

  context: async ({ context, showPoliciesModal, showMessagesModal }, use) => {
    await putOffModals(context, { showPoliciesModal, showMessagesModal });
    await use(context);
  },

  page: async ({ page, stack }, use, testInfo) => {
    const watch = watchPage(page);
    await use(page);
    await watch.report(testInfo, stack.logFile);
  },

  visit: async ({ browser, stack, sessions, layout }, use, testInfo) => {
    const opened: { context: BrowserContext; watch: ReturnType<typeof watchPage> }[] = [];
    await use(async (options = {}) => {
      const storageState = options.account ? await keptSession(stack.portalUrl, sessions, options.account) : undefined;
      const context = await browser.newContext({
        baseURL: stack.portalUrl,
        viewport: VIEWPORTS[options.layout ?? layout],
        extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
        storageState,
      });
      await putOffModals(context, options);
      const page = await context.newPage();
      opened.push({ context, watch: watchPage(page) });
      return page;
    });
    for (const { context, watch } of opened) {
      await watch.report(testInfo, stack.logFile);
      await context.close();
    }
  },

  clearFaults: [
    async ({ stack }, use) => {
      await use(undefined);
      const response = await fetch(new URL('/__sandbox/faults', stack.sandboxUrl), { method: 'DELETE' });
      expect(response.ok, 'clearing the sandbox faults').toBe(true);
    },
    { auto: true },
  ],
});

async function putOffModals(
  context: BrowserContext,
  options: Pick<VisitOptions, 'showPoliciesModal' | 'showMessagesModal'>,
): Promise<void> {
  if (!options.showPoliciesModal) await context.addInitScript((key) => globalThis.sessionStorage?.setItem(key, '1'), POLICIES_LATER_KEY);
  if (!options.showMessagesModal) await context.addInitScript((key) => globalThis.sessionStorage?.setItem(key, '1'), MESSAGES_LATER_KEY);
}

/** Collects a page's uncaught errors (they fail the test) and its last network errors (kept with a failure). */
function watchPage(page: Page) {
  const errors: string[] = [];
  const network: string[] = [];
  const note = (line: string) => {
    network.push(`${new Date().toISOString()} ${line}`);
    if (network.length > 50) network.shift();
  };
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (req) => note(`${req.method()} ${req.url()} failed: ${req.failure()?.errorText ?? 'unknown'}`));
  page.on('response', (response) => {
    if (response.status() >= 400) note(`${response.request().method()} ${response.url()} → ${response.status()}`);
  });
  return {
    async report(testInfo: import('@playwright/test').TestInfo, logFile: string): Promise<void> {
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('network-errors', { body: network.join('\n') || '(none)', contentType: 'text/plain' });
        await testInfo.attach('stack-log-path', { body: logFile, contentType: 'text/plain' });
      }
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
  };
}

/** axe-core on the page as it is now: no violations of WCAG 2.x A/AA rules (retried while the page settles). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await expect
    // One analysis of a 500-row table takes seconds on a loaded 2-core machine: room for a few.
    .poll(() => axeViolations(page), { message: 'axe violations', intervals: [250, 500, 1000], timeout: 30_000 })
    .toEqual([]);
}

/** Waits until no loading state is shown: nothing `aria-busy`, no 'Loading...' text, no progress bar of a load. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(/^Loading\.\.\.$/)).toHaveCount(0);
}

/** Sets the worker's sandbox fault switches (cleared after each test). */
export async function setFaults(switches: object): Promise<void> {
  const response = await fetch(new URL('/__sandbox/faults', stackUrls().sandboxUrl), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(switches),
  });
  expect(response.ok, 'setting the sandbox faults').toBe(true);
}

/** The demo coach's dashboard (or another account's), opened from its address once the page is signed in. */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto('/coachportal/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
}

/** One test per layout: `forEachLayout((layout) => test(...))` inside a describe per layout. */
export function forEachLayout(layouts: readonly Layout[], body: (layout: Layout) => void): void {
  for (const layout of layouts) {
    test.describe(`at ${layout} width`, () => {
      test.use({ layout });
      body(layout);
    });
  }
}

/** For `expect(page).toHaveURL(atPath('/coachportal/dashboard'))`: the address has that path, whatever its query. */
export const atPath = (path: string) => (url: URL) => url.pathname === path;
