import { lazy, Suspense } from 'react';
import { ChartPanelSkeleton } from '../../../components/charts/chart-panel-skeleton.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Skeleton, SkeletonLines, SkeletonRegion } from '../../../components/ui/skeleton.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCredits } from '../api/get-credits.ts';
import { Overview } from './balance-overview.tsx';
import { BALANCE_TEXT } from './balance-text.ts';
import './balance.css';
import { PriceLists } from './price-lists.tsx';
import { TransactionHistory } from './transaction-history.tsx';

// The credits chart's code (and its chart library) loads once the balance's figures are there.
const CreditsPanel = lazy(() => import('./credits-panel.tsx'));

/**
 * The Balance screen (spec coach-shell §2.9, §4 "Bulk credit order", §9): credits held, the pending bulk order
 * (cancelled after a confirmation), facilitated assessments, the price and cost lists, the 'Purchasing Credits'
 * dialog and the transaction history on the shared table.
 */
export function Balance() {
  usePageTitle(BALANCE_TEXT.title);
  const { data, error, isPending, refetch } = useCredits();
  return (
    <section className="balance stack" aria-labelledby="balance-title">
      <h1 id="balance-title">{BALANCE_TEXT.title}</h1>
      {isPending ? <OverviewSkeleton /> : null}
      <ProblemAlert error={error} onRetry={() => void refetch()} />
      {data ? <Overview overview={data} /> : null}
      {data ? (
        <Suspense fallback={<ChartPanelSkeleton />}>
          <CreditsPanel />
        </Suspense>
      ) : null}
      {data ? <PriceLists overview={data} /> : null}
      {/* The history's own load would fail the same way and say so a second time: it waits for a Retry that works. */}
      {error ? null : <TransactionHistory since={data?.historyStartsOn} />}
    </section>
  );
}

const FIGURE_KEYS = ['held', 'order', 'facilitated'];

/** The three figures' cards until the first answer (the history below shows its own skeleton rows). */
function OverviewSkeleton() {
  return (
    <SkeletonRegion>
      <div className="balance__overview">
        {FIGURE_KEYS.map((key) => (
          <div key={key} className="card balance__figure">
            <Skeleton width="9rem" height="1.125rem" />
            <Skeleton width="4rem" height="2.25rem" />
            <SkeletonLines count={2} />
          </div>
        ))}
      </div>
    </SkeletonRegion>
  );
}
