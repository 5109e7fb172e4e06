// spec coach-shell §2.9, §8, §9: the Balance screen's texts; its toasts last 2.5 s.
export const BALANCE_TEXT = {
  title: 'Balance',
  purchaseTitle: 'Purchasing Credits',
  noHistory: 'No information available at this time',
  failed: 'Failed',
  ordered: (count: number) => `Thank you: your order of ${count} credits is pending. You will receive the invoice within 1 working day.`,
  cancelled: 'Your pending order has been cancelled.',
  // spec: none for the amount (§5: at least 10); the contract's largest order has its own sentence.
  tooFewCredits: (minimum: number) => `Please enter a whole number of at least ${minimum}.`,
  tooManyCredits: (maximum: string) => `A bulk order can be at most ${maximum} credits.`,
  confirmCancel: (count: number) => `Are you sure you want to cancel your pending order of ${count} credits?`,
} as const;

export const BALANCE_TOAST_MS = 2500;
