import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogForm } from '../../../components/ui/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { credits } from '../../../lib/labels/credits.ts';
import { useSubmission } from '../../../lib/submission-key.ts';
import type { CreditsOverview } from '../api/get-credits.ts';
import { useOrderCredits } from '../api/order-credits.ts';
import { BALANCE_TEXT, BALANCE_TOAST_MS } from './balance-text.ts';

export interface PurchaseCreditsDialogProps {
  overview: CreditsOverview;
  isOpen: boolean;
  onClose: () => void;
}

const wholeNumber = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
const grouped = (count: number) => count.toLocaleString('en-ZA');

/**
 * 'Purchasing Credits' (spec coach-shell §2.9, §4, §5): at least the minimum order and at most the largest the BFF
 * takes, each refusal in its own words; the discount its size earns.
 */
export function PurchaseCreditsDialog({ overview, isOpen, onClose }: PurchaseCreditsDialogProps) {
  const [amount, setAmount] = useState('');
  const order = useOrderCredits();
  const submission = useSubmission('orderCredits');
  const count = wholeNumber(amount);
  const tooMany = count !== null && count > overview.maximumOrder;
  const enough = count !== null && count >= overview.minimumOrder && !tooMany;
  const tier =
    count === null
      ? undefined
      : overview.discountTiers.find((t) => count >= t.minCredits && (t.maxCredits === null || count <= t.maxCredits));

  const close = () => {
    setAmount('');
    onClose();
  };
  const submit = () => {
    if (!enough || count === null) return;
    const body = { credits: count };
    submission.submit(body, (params) =>
      order.mutateAsync({ body, params }).then(
        () => {
          showToast(BALANCE_TEXT.ordered(count), 'success', BALANCE_TOAST_MS);
          close();
        },
        (failure: unknown) => {
          showToast(BALANCE_TEXT.failed, 'error', BALANCE_TOAST_MS);
          throw failure;
        },
      ),
    );
  };

  return (
    <Dialog title={BALANCE_TEXT.purchaseTitle} isOpen={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogForm className="purchase-credits" onSubmit={submit}>
        <p>
          Bulk orders are invoiced within 1 working day; the credits show in your balance once the invoice is paid. The minimum order is{' '}
          {credits(overview.minimumOrder)}.
        </p>
        <TextField
          label="Number of credits"
          inputMode="numeric"
          autoFocus
          value={amount}
          onChange={setAmount}
          isInvalid={amount !== '' && !enough}
          errorMessage={
            tooMany ? BALANCE_TEXT.tooManyCredits(grouped(overview.maximumOrder)) : BALANCE_TEXT.tooFewCredits(overview.minimumOrder)
          }
          description={
            enough && tier
              ? tier.discountPercent > 0
                ? `${credits(count)}: a ${tier.discountPercent}% bulk discount applies.`
                : `${credits(count)}: orders of 50 or more earn a bulk discount.`
              : undefined
          }
        />
        <div className="dialog__actions">
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={!enough} isPending={submission.isPending}>
            {submission.isPending ? 'Ordering...' : 'Order'}
          </Button>
        </div>
      </DialogForm>
    </Dialog>
  );
}
