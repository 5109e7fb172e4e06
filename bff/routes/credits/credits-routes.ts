// The Balance screen (contract tag `credits`).
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { exportCreditTransactions } from './credit-transactions-export-service.ts';
import { cancelCreditOrder, getCredits, listCreditTransactions, orderCredits } from './credits-service.ts';

export const creditsRoutes: TagRoutes = ({ snapshots }) => ({
  getCredits: (input, ctx) => getCredits(input, ctx, snapshots),
  listCreditTransactions,
  exportCreditTransactions: (input, ctx) => exportCreditTransactions(input, ctx),
  orderCredits: { idempotentCreate: true, handler: orderCredits },
  cancelCreditOrder,
});
