import type { components } from '../../../../../generated/bff.ts';
import type { ExportList } from '../../../components/data-table/use-table-export.tsx';
import { api } from '../../../lib/api-client.ts';
import type { CreditTransactionSort } from './list-credit-transactions.ts';

/** A column of the transaction history as the export names it (the table's column ids). */
type CreditTransactionColumn = components['schemas']['CreditTransactionColumn'];

/** exportCreditTransactions: the history's search and sort with the columns shown, as a file (More → Export). */
export const exportCreditTransactions: ExportList<CreditTransactionSort, never, object> = (
  { filter: _filter, ...query },
  format,
  columns,
) =>
  api.GET('/api/credits/transactions/export', {
    params: { query: { ...query, format, columns: columns as CreditTransactionColumn[] } },
    parseAs: 'blob',
  });
