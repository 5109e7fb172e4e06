import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSubmission } from '../../../lib/submission-key.ts';
import {
  type Checkout,
  type PayPalCheckout,
  type SelfRegistration,
  useCreateCheckout,
  useSelfRegistration,
} from '../api/self-registration-api.ts';
import { useStoredRegistration } from '../hooks/use-stored-registration.ts';
import { CardRedirect } from './card-redirect.tsx';
import { coachUuidFromPath, type RegistrationForm as Fields, MESSAGES } from './registration-rules.ts';
import './self-registration.css';

// The form's fields load beside the registration's first request (the page says 'Loading...' until it answers).
const RegistrationForm = lazyWithPreload(async () => ({ default: (await import('./registration-form.tsx')).RegistrationForm }));
// The PayPal SDK wrapper is fetched only when a checkout needs it.
const PayPalPayment = lazy(async () => ({ default: (await import('./paypal-payment.tsx')).PayPalPayment }));

const TITLE = 'Assessment Registration';

/** /coachportal/register/{coachUUID}: `path` is everything after /register/. */
export function SelfRegistrationPage({ path }: { path: string }) {
  usePageTitle(TITLE);
  const coachUuid = coachUuidFromPath(path);
  return (
    <main className="page self-registration">
      <h1>{TITLE}</h1>
      {coachUuid ? <Registration coachUuid={coachUuid} /> : <Alert tone="error">{MESSAGES.invalidLink}</Alert>}
    </main>
  );
}

function Registration({ coachUuid }: { coachUuid: string }) {
  const { data: page, error, refetch } = useSelfRegistration(coachUuid);
  useEffect(() => RegistrationForm.preload(), []);
  if (page) {
    return (
      <Suspense fallback={<Loading label="Loading..." />}>
        <RegistrationAndPayment page={page} />
      </Suspense>
    );
  }
  return error ? <ProblemAlert error={error} onRetry={() => void refetch()} /> : <Loading label="Loading..." />;
}

function RegistrationAndPayment({ page }: { page: SelfRegistration }) {
  const [form, update] = useStoredRegistration();
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [, navigate] = useLocation();
  const createCheckout = useCreateCheckout();
  const submission = useSubmission('createCheckout');

  function proceed(fields: Fields): Promise<unknown> {
    const path = { coachUuid: page.coachUuid };
    const body = {
      name: fields.name.trim(),
      surname: fields.surname.trim(),
      email: fields.email.trim(),
      assessmentLanguage: page.languages.find((option) => option.value === fields.language)?.value ?? page.defaultLanguage,
    };
    return new Promise((resolve) => {
      const sent = submission.submit([path, body], (params) =>
        createCheckout.mutateAsync({ params: { path, ...params }, body }).then(
          (created) => {
            setCheckout(created);
            resolve(null);
          },
          (failure: unknown) => {
            resolve(failure ?? new Error('refused'));
            throw failure;
          },
        ),
      );
      // A second press while the first is in flight: the first one's answer is the form's.
      if (!sent) resolve(null);
    });
  }

  if (checkout?.provider === 'paypal') {
    return (
      <PayPalStep
        checkout={checkout}
        form={form}
        onBack={() => setCheckout(null)}
        onCaptured={(checkoutId) => navigate(`/paymentstatus?checkoutId=${encodeURIComponent(checkoutId)}`)}
      />
    );
  }
  return (
    <>
      <RegistrationForm page={page} form={form} onChange={update} onProceed={proceed} />
      {checkout?.provider === 'card' ? <CardRedirect checkout={checkout} /> : null}
    </>
  );
}

interface PayPalStepProps {
  checkout: PayPalCheckout;
  form: Fields;
  onBack: () => void;
  onCaptured: (checkoutId: string) => void;
}

function PayPalStep({ checkout, form, onBack, onCaptured }: PayPalStepProps) {
  return (
    <section className="stack" aria-labelledby="paypal-title">
      <h2 id="paypal-title">Pay with PayPal</h2>
      <p>
        Enneagram assessment for {form.name} {form.surname} ({form.email}):{' '}
        <strong>
          {checkout.amount} {checkout.currency}
        </strong>
      </p>
      <Suspense fallback={<Loading label="Loading PayPal..." />}>
        <PayPalPayment checkout={checkout} onCaptured={onCaptured} />
      </Suspense>
      <div className="row">
        <Button variant="secondary" onPress={onBack}>
          Change details
        </Button>
      </div>
    </section>
  );
}
