// `npm run budget`: builds the web client and prints each route's initial JavaScript (gzip) against
// its budget (public routes 110 KB, coach routes 150 KB); exits 1 when a route is over or a public
// route pulls in coach-area code.
import { fileURLToPath } from 'node:url';
import { buildWebClient } from './lib/stack.ts';
import { formatBudgetTable, measureCoachRoutes, measurePublicRoutes } from './lib/web-budget.ts';

if (!process.argv.includes('--no-build')) await buildWebClient();
const distDir = fileURLToPath(new URL('../web/dist/', import.meta.url));
const publicBudgets = measurePublicRoutes(distDir);
const coachBudgets = measureCoachRoutes(distDir);
console.log(formatBudgetTable(publicBudgets));
console.log(formatBudgetTable(coachBudgets));
const budgets = [...publicBudgets, ...coachBudgets];
if (budgets.some((budget) => !budget.withinBudget)) process.exitCode = 1;
