// The budget is measured on the build the browser tests run against (global-setup.ts builds it).
import { describe, expect, inject, it } from 'vitest';
import {
  COACH_ROUTE_BUDGET_BYTES,
  formatBudgetTable,
  measureCoachRoutes,
  measurePublicRoutes,
  PUBLIC_ROUTE_BUDGET_BYTES,
} from '../../scripts/lib/web-budget.ts';

describe('public route JavaScript budget', () => {
  const budgets = measurePublicRoutes(inject('webDistDir'));

  it('measures every public page', () => {
    expect(budgets.map((budget) => budget.route)).toContain('src/app/routes/public/login.tsx');
    expect(budgets.length).toBeGreaterThanOrEqual(8);
  });

  it.each(budgets.map((budget) => [budget.route, budget] as const))(
    '%s stays within 130 KB gzip and loads no coach-area code',
    (_route, budget) => {
      console.log(formatBudgetTable([budget]));
      expect(budget.coachAreaFiles).toEqual([]);
      expect(budget.gzipBytes).toBeLessThanOrEqual(PUBLIC_ROUTE_BUDGET_BYTES);
    },
  );
});

describe('coach route JavaScript budget', () => {
  const budgets = measureCoachRoutes(inject('webDistDir'));

  it('measures every coach screen', () => {
    expect(budgets.map((budget) => budget.route)).toContain('src/app/routes/coach/assessments.tsx');
  });

  it.each(budgets.map((budget) => [budget.route, budget] as const))('%s stays within 170 KB gzip', (_route, budget) => {
    console.log(formatBudgetTable([budget]));
    expect(budget.gzipBytes).toBeLessThanOrEqual(COACH_ROUTE_BUDGET_BYTES);
  });
});
