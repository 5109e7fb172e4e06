// The new-version notice (spec coach-shell §2.1, public-and-guest §4 "Session"): a BFF that announces a
// newer portal than the build the tab runs (PORTAL_VERSION, as after a deployment) shows it with a
// refresh link; the worker's own stack serves and announces the same build, so it shows none.
// The file starts that newer stack (a sandbox and a BFF of its own, serving the worker's build) once and stops it
// after its tests. Both states at desktop; the notice once at phone width, axe on every state.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../../scripts/lib/prism.ts';
import { DEFAULT_WEB_DIST_DIR, type Stack, startStack } from '../../../scripts/lib/stack.ts';
import { csrfHeaders, DEMO, expect, expectNoAxeViolations, PASSWORD, type Page, test } from '../support/fixtures.ts';

const NOTICE = 'A new version of the coach portal is available.';
let newer: Stack | undefined;

// Starting two servers on a loaded machine takes a while (the old hook timeout was 120 s).
test.beforeAll(async ({ stack }, workerInfo) => {
  test.setTimeout(120_000);
  const logDir = join(workerInfo.project.outputDir, 'stacks');
  mkdirSync(logDir, { recursive: true });
  newer = await startStack({
    sandboxPort: await freePort(),
    bffPort: await freePort(),
    // The worker's build (against a stack already running: the one `npm start` serves).
    webDistDir: process.env.E2E_WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
    bffEnv: { PORTAL_VERSION: '20991231t000000', LOG_LEVEL: 'warn' },
    output: { logFile: join(logDir, `worker-${workerInfo.workerIndex}-newer-portal.log`) },
  });
  // The newer stack is the worker's stack's sibling; the tests' own visitors stay on the worker's stack.
  expect(newer.portalUrl).not.toBe(stack.portalUrl);
});
test.afterAll(async () => {
  await newer?.stop();
  newer = undefined;
});

function newerStack(): Stack {
  if (!newer) throw new Error('the newer stack has not started');
  return newer;
}

/**
 * The demo coach, signed in on the newer stack (the page's context has no session: a cookie of the worker's stack
 * would share the host), on its dashboard: the notice shows with a link that reloads the page's own address.
 */
async function expectNoticeOnNewerStack(page: Page): Promise<void> {
  const { bffUrl, portalUrl } = newerStack();
  const login = await page.request.post(`${bffUrl}/api/session`, {
    headers: { ...csrfHeaders(), Origin: new URL(bffUrl).origin },
    data: { email: DEMO, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const dashboard = `${portalUrl}dashboard`;
  await page.goto(dashboard);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, Amara/ })).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page).toHaveURL(dashboard);
  await expect(page.getByRole('link', { name: 'Refresh the page' })).toHaveAttribute('href', dashboard);
  await expectNoAxeViolations(page);
}

test('shows with a refresh link when a newer portal is deployed, and not otherwise', async ({ page, visit }) => {
  await expectNoticeOnNewerStack(page);

  // The worker's stack announces the build it serves: no notice (the session, which carries the version, has
  // answered once the greeting shows).
  const current = await visit({ account: DEMO });
  await current.goto('/coachportal/dashboard');
  await expect(current.getByRole('heading', { level: 1, name: /^Welcome, Amara/ })).toBeVisible();
  await expect(current.getByText(NOTICE)).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the notice fits a phone', async ({ page }) => {
    await expectNoticeOnNewerStack(page);
  });
});
