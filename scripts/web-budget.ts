// `npm run budget`: builds the web client and prints each public route's initial JavaScript
// (gzip) against the 130 KB budget; exits 1 when a route is over or pulls in coach-area code.
import { fileURLToPath } from 'node:url';
import { buildWebClient } from './lib/stack.ts';
import { formatBudgetTable, measurePublicRoutes } from './lib/web-budget.ts';

if (!process.argv.includes('--no-build')) await buildWebClient();
const budgets = measurePublicRoutes(fileURLToPath(new URL('../web/dist/', import.meta.url)));
console.log(formatBudgetTable(budgets));
if (budgets.some((budget) => !budget.withinBudget)) process.exitCode = 1;
