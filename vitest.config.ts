import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Node test files that replace a module (vi.mock): they run in a module graph of their own. Every other node file
 * shares its worker's modules with the files before it (`isolate: false`): the BFF's ~150 modules are imported once
 * per worker rather than once per file, about 40 % of the node project's CPU time. Such a file cleans up what it
 * changes (timers, environment) in its own hooks. tests/architecture/test-isolation.test.ts keeps this list whole.
 */
export const MODULE_MOCKING_FILES = ['bff/app-route-flags.test.ts'];
const NODE_FILES = ['tests/**/*.test.ts', 'bff/**/*.test.ts', 'sandbox/**/*.test.ts', 'scripts/**/*.test.ts', 'ops/**/*.test.ts'];

export default defineConfig({
  test: {
    // Every core (vitest's default keeps one for itself: a single worker on a 2-core machine, while the main
    // process mostly waits).
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The default report, then the ten slowest files (where the suite's minutes go).
    reporters: ['default', './scripts/lib/reporters/vitest-slowest.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: NODE_FILES,
          // tests/e2e/ is Playwright Test's (playwright.config.ts).
          exclude: ['tests/e2e/**', ...MODULE_MOCKING_FILES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'node-isolated', include: MODULE_MOCKING_FILES },
      },
      {
        extends: true,
        plugins: [react()],
        define: {
          __PORTAL_VERSION__: JSON.stringify('20251030t113749'),
          __PORTAL_HELP_VIDEO_URL__: JSON.stringify(''),
          __PORTAL_PAIR_PRINTING_GUIDELINES_URL__: JSON.stringify('https://guides.test/pair-report-printing'),
          __PORTAL_LICENCE_AGREEMENT_URL__: JSON.stringify('https://legal.test/end-user-licence-agreement'),
          __PORTAL_GENERAL_TERMS_URL__: JSON.stringify('https://legal.test/general-terms'),
        },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
