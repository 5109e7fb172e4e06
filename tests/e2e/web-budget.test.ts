// The budget is measured on the build the browser tests run against (global-setup.ts builds it into
// E2E_WEB_DIST_DIR); no page is opened. The routes are only known once that build exists, after the tests
// were listed, so each group checks its routes in one test, a step and a soft assertion per route (every
// route over its budget is reported, not only the first). Against a running stack (E2E_STACK_URL) the suite
// builds nothing: the build measured is the one `npm start` serves (web/dist). Playwright's own `test`: the
// suite's fixtures would start a worker stack this file does not need.
import { existsSync } from 'node:fs';
import { expect, type TestInfo, test } from '@playwright/test';
import { DEFAULT_WEB_DIST_DIR } from '../../scripts/lib/stack.ts';
import {
  COACH_ROUTE_BUDGET_BYTES,
  formatBudgetTable,
  measureCoachRoutes,
  measurePublicRoutes,
  PUBLIC_ROUTE_BUDGET_BYTES,
  type RouteBudget,
} from '../../scripts/lib/web-budget.ts';

/** The build global-setup.ts made for this run, or `npm start`'s when the suite runs against that stack. */
function webDistDir(): string {
  const dir = process.env.E2E_WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR;
  if (!existsSync(dir)) throw new Error(`no build at ${dir}: run the suite through playwright.config.ts, or build with npm start`);
  return dir;
}

/** The table of the measured routes, printed and kept with the test's results. */
async function report(testInfo: TestInfo, budgets: RouteBudget[]): Promise<void> {
  const table = formatBudgetTable(budgets);
  console.log(table);
  await testInfo.attach('budget', { body: table, contentType: 'text/plain' });
}

test.describe('public route JavaScript budget', () => {
  test('measures every public page', () => {
    const budgets = measurePublicRoutes(webDistDir());
    expect(budgets.map((budget) => budget.route)).toContain('src/app/routes/public/login.tsx');
    expect(budgets.length).toBeGreaterThanOrEqual(8);
  });

  test('each public route stays within 110 KB gzip and loads no coach-area code', async () => {
    const budgets = measurePublicRoutes(webDistDir());
    await report(test.info(), budgets);
    for (const budget of budgets) {
      await test.step(budget.route, () => {
        expect.soft(budget.coachAreaFiles, `${budget.route}: coach-area code`).toEqual([]);
        expect.soft(budget.gzipBytes, `${budget.route}: gzip bytes`).toBeLessThanOrEqual(PUBLIC_ROUTE_BUDGET_BYTES);
      });
    }
  });
});

test.describe('coach route JavaScript budget', () => {
  test('measures every coach screen', () => {
    const budgets = measureCoachRoutes(webDistDir());
    expect(budgets.map((budget) => budget.route)).toContain('src/app/routes/coach/assessments.tsx');
  });

  test('each coach route stays within 150 KB gzip', async () => {
    const budgets = measureCoachRoutes(webDistDir());
    await report(test.info(), budgets);
    for (const budget of budgets) {
      await test.step(budget.route, () => {
        expect.soft(budget.gzipBytes, `${budget.route}: gzip bytes`).toBeLessThanOrEqual(COACH_ROUTE_BUDGET_BYTES);
      });
    }
  });
});
