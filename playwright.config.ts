// The browser suite (tests/e2e/README.md): Playwright Test driving Debian's chromium (never a downloaded
// browser) against a stack per worker. No retries: a test that needs one is a test to fix.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.ts';

const TRACES = {
  on: 'on',
  off: 'off',
  failed: { mode: 'retain-on-failure', screenshots: false },
} as const satisfies Record<string, TraceMode | { mode: TraceMode; screenshots: boolean }>;
type TraceMode = 'on' | 'off' | 'retain-on-failure';
const outputDir = process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  outputDir,
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Three workers on the 2-core machine: with two, the suite kept the cores about 85 % busy (a test waits on its stack
  // and its browser in turn); a clean-clone run went 12.3 → 10.6 minutes with three, every test passing.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // A page may take a few seconds to settle on a loaded 2-core machine.
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['./tests/e2e/support/failure-folder-reporter.ts', { outputDir }],
    ['./scripts/lib/reporters/playwright-slowest.ts'],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: every action with the DOM before and after, and the network. The screencast's
    // frames are left out (a third of the suite's CPU, measured on profile.test.ts: 57 → 40 s); the failure's own
    // screenshot stays. E2E_TRACE=on records full traces of every test, E2E_TRACE=off none.
    trace: TRACES[process.env.E2E_TRACE ?? ''] ?? TRACES.failed,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
});
