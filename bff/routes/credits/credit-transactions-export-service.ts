// Export of the Balance's transaction history (its More menu; spec coach-shell §2.9): the transactions the search
// keeps in the table's order, the columns the coach sees with the table's labels and cells (the web's
// transaction-history.tsx). The list keeps no copy of them: its rows are read as listCreditTransactions reads them
// (decision 029), then written row by row.
import type { components as Bff } from '../../../generated/bff.ts';
import type { ExportColumn } from '../../downloads/export-sheet.ts';
import { type TableExport, tableExportAnswer } from '../../downloads/table-export.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { listEntries } from '../../snapshots/list-page.ts';
import { readCreditTransactions, TRANSACTION_LIST } from './credits-service.ts';

type CreditTransaction = Bff['schemas']['CreditTransaction'];
type CreditTransactionColumn = Bff['schemas']['CreditTransactionColumn'];

/** The table's columns (the web's transaction-history.tsx), by the contract's CreditTransactionColumn. */
const TRANSACTION_EXPORT: TableExport<CreditTransaction, CreditTransactionColumn> = {
  catalogue: {
    // The table's Date time: the day and the minute (`YYYY-MM-DD HH:MM`).
    datetime: { label: 'Date time', cell: (entry) => ({ date: entry.datetime, time: true }) },
    description: { label: 'Description', cell: (entry) => entry.description },
    // Signed numbers (the table's '+5' and '-1'), numbers in a workbook.
    credits: { label: 'Credits', cell: (entry) => ({ number: entry.credits }) },
    balance: { label: 'Balance', cell: (entry) => ({ number: entry.balance }) },
  } satisfies Readonly<Record<CreditTransactionColumn, ExportColumn<CreditTransaction>>>,
  desktop: ['datetime', 'description', 'credits', 'balance'],
  name: 'transactions',
};

/** exportCreditTransactions: the file of what listCreditTransactions would page through for the same query. */
export async function exportCreditTransactions(
  { query = {} }: OperationInput<'exportCreditTransactions'>,
  ctx: SessionContext,
  now = Date.now(),
) {
  return tableExportAnswer(listEntries(await readCreditTransactions(ctx), query, TRANSACTION_LIST), TRANSACTION_EXPORT, query, now);
}
