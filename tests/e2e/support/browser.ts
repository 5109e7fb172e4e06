// One Chromium per test file, from Debian's package (never a downloaded browser), driven by
// playwright-core; a fresh context (cookies, storage) per test and viewport.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts Chromium for the file's tests and closes it afterwards; `browser()` returns it. */
export function startChromiumForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('startChromiumForFile(): the browser has not started');
    return browser;
  };
}

export interface PortalPage {
  page: Page;
  context: BrowserContext;
  /** An absolute URL of the portal: `url('login')` → http://localhost:…/coachportal/login */
  url(path: string): string;
  close(): Promise<void>;
}

/** A random documentation-range address (RFC 3849) per context: each context is its own visitor for rate limits. */
function nextVisitorAddress(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
  return `2001:db8::${a.toString(16)}:${b.toString(16)}`;
}

/** The web client's session-storage keys for 'Later' on the policies modal (features/policies/components/policies-state.ts) and on the dashboard's messages to acknowledge (features/dashboard/components/dashboard.tsx). */
const POLICIES_LATER_KEY = 'coachportal.policiesLater';
const MESSAGES_LATER_KEY = 'coachportal.messagesLater';

export interface OpenPortalOptions {
  /**
   * Every seeded coach has a policy to sign, so the policies modal would open over every coach screen: unless a
   * test is about it, the visitor has already put it off ('Later') for this tab. An overdue policy still blocks.
   */
  showPoliciesModal?: boolean;
  /** Likewise the demo coach's messages to acknowledge, an alert modal over the dashboard. */
  showMessagesModal?: boolean;
}

/** A new context (a new visitor) at the viewport's size; uncaught page errors fail the test. */
export async function openPortal(browser: Browser, viewport: ViewportName, options: OpenPortalOptions = {}): Promise<PortalPage> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    baseURL: inject('portalUrl'),
    extraHTTPHeaders: { 'X-Forwarded-For': nextVisitorAddress() },
  });
  if (!options.showPoliciesModal) {
    await context.addInitScript((key) => globalThis.sessionStorage?.setItem(key, '1'), POLICIES_LATER_KEY);
  }
  if (!options.showMessagesModal) {
    await context.addInitScript((key) => globalThis.sessionStorage?.setItem(key, '1'), MESSAGES_LATER_KEY);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    context,
    url: (path) => new URL(path, inject('portalUrl')).toString(),
    async close() {
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
  };
}

/** axe-core on the page as it is now: no violations of WCAG 2.x A/AA rules. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // react-aria's live region (visually hidden): a pending button's announcement names the button by
    // aria-labelledby and stays 7 s, so it outlives a dialog that closed on success. Not content of the page.
    .exclude('[data-live-announcer]')
    .analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
