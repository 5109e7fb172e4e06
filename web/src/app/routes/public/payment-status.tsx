import { PaymentStatusPage } from '../../../features/payment-status/components/payment-status-page.tsx';

/** /coachportal/paymentstatus?checkoutId=… (spec: public-and-guest §2 "Payment status"). */
export function Component() {
  return <PaymentStatusPage />;
}
