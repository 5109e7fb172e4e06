import { lazy, Suspense, useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { type TableStateConfig, tableDate } from '../../../components/data-table/table-state.ts';
import { useTableState } from '../../../components/data-table/use-table-state.ts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { ASSESSMENT_TYPE_LABELS } from '../../../lib/labels/assessments.ts';
import { credits, formatPrice, PAIR_TYPE_LABELS, PRICE_REGION_LABELS, TEAM_REPORT_TYPE_LABELS } from '../../../lib/labels/credits.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useNarrowLayout } from '../../../lib/use-narrow-layout.ts';
import { useCancelCreditOrder } from '../api/cancel-credit-order.ts';
import { type CreditsOverview, useCredits } from '../api/get-credits.ts';
import { type CreditTransaction, type CreditTransactionSort, useCreditTransactions } from '../api/list-credit-transactions.ts';
import { BALANCE_TEXT, BALANCE_TOAST_MS } from './balance-text.ts';
import './balance.css';

// The dialogs load when first opened: the history's table already fills the route's budget.
const PurchaseCreditsDialog = lazy(async () => ({ default: (await import('./purchase-credits-dialog.tsx')).PurchaseCreditsDialog }));
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../components/ui/confirm-dialog.tsx')).ConfirmDialog }));

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

/**
 * The Balance screen (spec coach-shell §2.9, §4 "Bulk credit order", §9): credits held, the pending bulk order
 * (cancelled after a confirmation), facilitated assessments, the price and cost lists, the 'Purchasing Credits'
 * dialog and the transaction history on the shared table.
 */
export function Balance() {
  usePageTitle(BALANCE_TEXT.title);
  const { data, error, isPending } = useCredits();
  return (
    <section className="balance stack" aria-labelledby="balance-title">
      <h1 id="balance-title">{BALANCE_TEXT.title}</h1>
      {isPending ? <Loading label="Loading..." /> : null}
      <ProblemAlert error={error} />
      {data ? <Overview overview={data} /> : null}
      {data ? <PriceLists overview={data} /> : null}
      <History since={data?.historyStartsOn} />
    </section>
  );
}

function Overview({ overview }: { overview: CreditsOverview }) {
  const [purchasing, setPurchasing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelCreditOrder();
  const { balance, pendingCredits, hasPendingOrder } = overview;

  const cancelOrder = () => {
    setConfirming(false);
    cancel.mutate(
      {},
      {
        onSuccess: () => showToast(BALANCE_TEXT.cancelled, 'success', BALANCE_TOAST_MS),
        onError: () => showToast(BALANCE_TEXT.failed, 'error', BALANCE_TOAST_MS),
      },
    );
  };

  return (
    <div className="balance__overview">
      <article className="card balance__figure" aria-labelledby="held-title">
        <h2 id="held-title">Credits held</h2>
        <p className={balance < 0 ? 'balance__amount balance__amount--deficit' : 'balance__amount'}>{balance}</p>
        <p className="balance__note">
          {balance < 0 ? `A deficit of ${credits(-balance)}, which will be invoiced.` : `${credits(balance)} available.`}
        </p>
      </article>
      <article className="card balance__figure" aria-labelledby="order-title">
        <h2 id="order-title">Pending bulk order</h2>
        <p className="balance__amount">{hasPendingOrder ? pendingCredits : '–'}</p>
        <p className="balance__note">
          {hasPendingOrder ? `${credits(pendingCredits)} awaiting the invoice.` : 'No order is waiting for an invoice.'}
        </p>
        <div className="balance__actions">
          {hasPendingOrder ? (
            <Button variant="secondary" onPress={() => setConfirming(true)} isPending={cancel.isPending}>
              Cancel order
            </Button>
          ) : (
            <Button onPress={() => setPurchasing(true)}>Purchase credits</Button>
          )}
        </div>
      </article>
      <article className="card balance__figure" aria-labelledby="facilitated-title">
        <h2 id="facilitated-title">Facilitated assessments</h2>
        <p className="balance__amount">{overview.facilitatedAssessments}</p>
        <p className="balance__note">
          Accreditation stamps and your self-registration link are in your{' '}
          <Link href="/profile#webResourcesSection">profile's web resources</Link>.
        </p>
      </article>
      <Suspense fallback={null}>
        {purchasing ? <PurchaseCreditsDialog overview={overview} isOpen onClose={() => setPurchasing(false)} /> : null}
        {confirming ? (
          <ConfirmDialog
            title="Warning"
            isOpen
            confirmLabel="Cancel order"
            isDestructive
            onConfirm={cancelOrder}
            onCancel={() => setConfirming(false)}
          >
            {BALANCE_TEXT.confirmCancel(pendingCredits)}
          </ConfirmDialog>
        ) : null}
      </Suspense>
    </div>
  );
}

function PriceLists({ overview }: { overview: CreditsOverview }) {
  return (
    <article className="card balance__prices" aria-labelledby="prices-title">
      <h2 id="prices-title">Prices and costs</h2>
      <div className="balance__price-grid">
        <PriceTable
          caption="Price of one credit"
          rows={overview.creditPrices.map((price) => [PRICE_REGION_LABELS[price.region], formatPrice(price)])}
        />
        <PriceTable
          caption="Self-registered Enneagram"
          rows={overview.selfRegisteredEnneagramPrices.map((price) => [PRICE_REGION_LABELS[price.region], formatPrice(price)])}
        />
        <PriceTable
          caption="Assessments"
          rows={overview.assessmentCosts.map((cost) => [ASSESSMENT_TYPE_LABELS[cost.assessmentType], credits(cost.credits)])}
        />
        <PriceTable
          caption="Team reports"
          rows={overview.teamReportCosts.map((cost) => [TEAM_REPORT_TYPE_LABELS[cost.reportType], credits(cost.credits)])}
        />
        <PriceTable
          caption="Pair reports"
          rows={overview.pairReportCosts.map((cost) => [PAIR_TYPE_LABELS[cost.pairType], credits(cost.credits)])}
        />
        <PriceTable
          caption="Bulk discounts"
          rows={overview.discountTiers.map((tier) => [
            tier.maxCredits === null ? `${tier.minCredits}+ credits` : `${tier.minCredits}–${tier.maxCredits} credits`,
            tier.discountPercent === 0 ? 'Normal price' : `${tier.discountPercent}% off`,
          ])}
        />
      </div>
      <p className="balance__note">
        Bulk orders (at least {overview.minimumOrder} credits) are invoiced within 1 working day. Pay-as-you-go use is invoiced monthly,
        with terms of 30 days.
      </p>
    </article>
  );
}

function PriceTable({ caption, rows }: { caption: string; rows: readonly (readonly [string, string])[] }) {
  return (
    <table className="balance__price-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function History({ since }: { since: string | undefined }) {
  const [state, update] = useTableState(TABLE_CONFIG);
  const isNarrow = useNarrowLayout();
  const { data, error, isPlaceholderData } = useCreditTransactions({
    q: state.q || undefined,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
  });
  const rows = data?.items.map((item, index) => ({ ...item, id: `${(data.page - 1) * data.pageSize + index}` }));
  return (
    <article className="balance__history" aria-labelledby="history-title">
      <h2 id="history-title">Transaction history</h2>
      {since ? <p className="balance__note">Transactions since {formatCalendarDate(since)}.</p> : null}
      <DataTable
        label="Transaction history"
        columns={isNarrow ? PHONE_COLUMNS : DESKTOP_COLUMNS}
        rows={rows}
        isStale={isPlaceholderData}
        error={error}
        total={data?.total ?? 0}
        filteredTotal={data?.filteredTotal ?? 0}
        state={state}
        onChange={update}
        isNarrow={isNarrow}
        emptyText={BALANCE_TEXT.noHistory}
      />
    </article>
  );
}
