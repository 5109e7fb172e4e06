import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { credits } from '../../../lib/labels/credits.ts';
import { useCancelCreditOrder } from '../api/cancel-credit-order.ts';
import type { CreditsOverview } from '../api/get-credits.ts';
import { BALANCE_TEXT, BALANCE_TOAST_MS } from './balance-text.ts';

// The dialogs load when first opened: the history's table already fills the route's budget.
const PurchaseCreditsDialog = lazy(async () => ({ default: (await import('./purchase-credits-dialog.tsx')).PurchaseCreditsDialog }));
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../components/ui/confirm-dialog.tsx')).ConfirmDialog }));

/** Credits held, the pending bulk order (cancelled after a confirmation) and the facilitated assessments (spec coach-shell §2.9). */
export function Overview({ overview }: { overview: CreditsOverview }) {
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
