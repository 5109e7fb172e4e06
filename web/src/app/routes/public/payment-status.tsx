import { PublicLayout } from '../../../components/public-layout.tsx';
import { PaymentStatusPage } from '../../../features/payment-status/components/payment-status-page.tsx';

/** /coachportal/paymentstatus?checkoutId=… (spec: public-and-guest §2 "Payment status"). */
export function Component() {
  return (
    <PublicLayout>
      <PaymentStatusPage />
    </PublicLayout>
  );
}
