import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { DataTable } from '../../../components/data-table/lazy-data-table.tsx';
import { type TableStateConfig, tableDate } from '../../../components/data-table/table-state.ts';
import { useListScreen } from '../../../components/data-table/use-list-screen.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { exportCreditTransactions } from '../api/export-credit-transactions.ts';
import { type CreditTransaction, type CreditTransactionSort, useCreditTransactions } from '../api/list-credit-transactions.ts';
import { BALANCE_TEXT } from './balance-text.ts';

// spec coach-shell §2.2: rows without a name or clientName sort by their time by default.
const TABLE_CONFIG: TableStateConfig<CreditTransactionSort, never> = {
  sorts: ['datetime', 'description', 'credits', 'balance'],
  defaultSort: 'datetime',
};

type HistoryRow = CreditTransaction & { id: string };
const signed = (value: number): string => (value > 0 ? `+${value}` : String(value));
const description: DataColumn<HistoryRow> = {
  id: 'description',
  label: 'Description',
  sortable: true,
  isRowHeader: true,
  render: (row) => row.description,
};
const creditsColumn: DataColumn<HistoryRow> = {
  id: 'credits',
  label: 'Credits',
  sortable: true,
  nowrap: true,
  render: (row) => <span className={row.credits < 0 ? 'balance__debit' : 'balance__credit'}>{signed(row.credits)}</span>,
};
const DESKTOP_COLUMNS: readonly DataColumn<HistoryRow>[] = [
  { id: 'datetime', label: 'Date time', sortable: true, nowrap: true, render: (row) => row.datetime.slice(0, 16).replace('T', ' ') },
  description,
  creditsColumn,
  { id: 'balance', label: 'Balance', sortable: true, nowrap: true, render: (row) => row.balance },
];
// A phone has room for the day, what happened and the credits.
const PHONE_COLUMNS: readonly DataColumn<HistoryRow>[] = [
  { id: 'datetime', label: 'Date', sortable: true, nowrap: true, render: (row) => tableDate(row.datetime) },
  description,
  creditsColumn,
];

/** The transaction history on the shared table (spec coach-shell §2.9); a transaction has no id but its place. */
export function TransactionHistory({ since }: { since: string | undefined }) {
  const screen = useListScreen({
    table: TABLE_CONFIG,
    useList: useCreditTransactions,
    rowId: (_transaction, position) => String(position),
    exportList: exportCreditTransactions,
    exportName: 'transactions',
  });
  return (
    <article className="balance__history" aria-labelledby="history-title">
      <h2 id="history-title">Transaction history</h2>
      {since ? <p className="balance__note">Transactions since {formatCalendarDate(since)}.</p> : null}
      <DataTable
        {...screen.table}
        label="Transaction history"
        columns={screen.isNarrow ? PHONE_COLUMNS : DESKTOP_COLUMNS}
        emptyText={BALANCE_TEXT.noHistory}
        noun="transactions"
      />
    </article>
  );
}
