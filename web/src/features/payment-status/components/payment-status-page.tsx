import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { RetryButton } from '../../../components/retry-button.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ASSESSMENT_TYPE_LABELS } from '../../../lib/labels/assessments.ts';
import { LANGUAGE_NAMES } from '../../../lib/labels/languages.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { isUuid } from '../../../lib/validation.ts';
import type { CheckoutStatus } from '../api/get-checkout-status.ts';
import { useCheckoutStatus } from '../hooks/use-checkout-status.ts';
import './payment-status.css';

const TITLE = 'Payment Status';
export const NO_CHECKOUT_MESSAGE = 'This address names no payment. Please use the link you were sent back with after paying.';

/** /coachportal/paymentstatus?checkoutId=…[&cancelled=true] (spec: public-and-guest §2 "Payment status", §8 "Payment"). */
export function PaymentStatusPage() {
  usePageTitle(TITLE);
  const query = new URLSearchParams(useSearch());
  const checkoutId = query.get('checkoutId')?.trim() ?? '';
  return (
    <main className="page payment-status">
      <h1>{TITLE}</h1>
      {/* A checkout id is a uuid: anything else names no payment, whatever asking the server would say. */}
      {isUuid(checkoutId) ? (
        <CheckoutStatusView checkoutId={checkoutId} cancelled={query.get('cancelled') === 'true'} />
      ) : (
        <Alert tone="error">{NO_CHECKOUT_MESSAGE}</Alert>
      )}
    </main>
  );
}

function CheckoutStatusView({ checkoutId, cancelled }: { checkoutId: string; cancelled: boolean }) {
  const { status, failure, checkAgain } = useCheckoutStatus(checkoutId, cancelled);
  if (failure) {
    // A failed read says nothing about the payment: asking again comes first, before a restart that could pay twice,
    // where asking again can help (not for a payment the server does not know; after a rate limit's wait).
    return (
      <>
        <Alert tone="error">{failure.message}</Alert>
        <p>
          <RetryButton error={failure.error} onRetry={checkAgain} label="Check again" />
        </p>
        <RestartLink coachUuid={failure.coachUuid} />
      </>
    );
  }
  if (!status) return <Loading label="Checking your payment..." />;
  return (
    <>
      <StatusMessage status={status} />
      <PaymentDetails status={status} />
      <RestartLink coachUuid={status.coachUuid} />
    </>
  );
}

function StatusMessage({ status }: { status: CheckoutStatus }) {
  if (status.status === 'success') {
    return (
      <Alert tone="success">
        <p className="payment-status__lead">Payment successful. Thank you, {status.name}.</p>
        {status.paymentNotes ? <p>{status.paymentNotes}</p> : null}
      </Alert>
    );
  }
  if (status.status === 'pending') return <Alert tone="info">{status.message ?? 'Please wait, still checking.'}</Alert>;
  const notes = status.paymentNotes && status.paymentNotes !== status.message ? status.paymentNotes : null;
  return (
    <Alert tone="error">
      <p className="payment-status__lead">{status.message ?? 'Sorry, your transaction could not be processed.'}</p>
      {notes ? <p>{notes}</p> : null}
    </Alert>
  );
}

function PaymentDetails({ status }: { status: CheckoutStatus }) {
  const rows: [string, ReactNode][] = [
    ['Name', `${status.name} ${status.surname}`.trim()],
    ['Email', status.email],
    ['Assessment', ASSESSMENT_TYPE_LABELS.ennea],
    ['Language', LANGUAGE_NAMES[status.assessmentLanguage] ?? status.assessmentLanguage],
    ['Price', status.priceString],
  ];
  if (status.referenceNumber) rows.push(['Reference number', status.referenceNumber]);
  return (
    <dl className="payment-status__details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RestartLink({ coachUuid }: { coachUuid: string | null }) {
  if (!coachUuid) return null;
  return (
    <p>
      <Link href={`/register/${encodeURIComponent(coachUuid)}`}>Restart registration</Link>
    </p>
  );
}
