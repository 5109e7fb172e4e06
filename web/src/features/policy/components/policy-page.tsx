import { useEffect, useRef, useState } from 'react';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import type { Problem } from '../../../lib/problem.ts';
import {
  acknowledgePolicy,
  fetchPolicyPage,
  type PolicyPage as Policy,
  type PolicyAcknowledgement,
  type PolicyLink,
} from '../api/policy-api.ts';
import { PolicySignForm } from './policy-sign-form.tsx';
import { type FieldErrors, problemFieldErrors } from './policy-signature.ts';
import { PolicySignature } from './policy-signature-details.tsx';
import './policy-page.css';

type LoadState = { status: 'loading' } | { status: 'failed'; problem: Problem } | { status: 'ready'; policy: Policy };

/** The coach policy page (spec: public-and-guest §2 "Coach policy page", §4 "Policy"). */
export function PolicyPage(link: PolicyLink) {
  usePageTitle('Coach policy');
  const { coachUuid, policyUuid } = link;
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Problem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchPolicyPage({ coachUuid, policyUuid }, controller.signal).then(
      (result) => setLoad(result.policy ? { status: 'ready', policy: result.policy } : { status: 'failed', problem: result.problem }),
      () => undefined, // aborted: the page has moved on
    );
    return () => controller.abort();
  }, [coachUuid, policyUuid]);

  const acknowledge = async (body: PolicyAcknowledgement) => {
    setSubmitting(true);
    setFailure(null);
    const result = await acknowledgePolicy({ coachUuid, policyUuid }, body);
    setSubmitting(false);
    if (result.policy) {
      setLoad({ status: 'ready', policy: result.policy });
      // The form is gone: start reading again at the top, where the after-signing message is.
      heading.current?.focus();
    } else setFailure(result.problem);
  };

  return (
    <main className="page policy">
      <h1 ref={heading} tabIndex={-1}>
        Coach policy
      </h1>
      {load.status === 'loading' ? <Loading label="Loading..." /> : null}
      {load.status === 'failed' ? <Alert tone="error">{load.problem.detail}</Alert> : null}
      {load.status === 'ready' ? (
        <PolicyView policy={load.policy} failure={failure} isSubmitting={submitting} onAcknowledge={acknowledge} />
      ) : null}
    </main>
  );
}

interface PolicyViewProps {
  policy: Policy;
  failure: Problem | null;
  isSubmitting: boolean;
  onAcknowledge: (body: PolicyAcknowledgement) => void;
}

function PolicyView({ policy, failure, isSubmitting, onAcknowledge }: PolicyViewProps) {
  const serverErrors: FieldErrors = failure ? problemFieldErrors(failure) : {};
  const content = <SafeHtml className="policy__content" html={policy.content} />;
  return (
    <div className="stack">
      {policy.code ? <p className="policy__code">Policy code: {policy.code}</p> : null}
      {policy.acknowledged ? (
        <Alert tone="success">
          <SafeHtml html={policy.welcomeMessage.afterSigning} />
        </Alert>
      ) : (
        <SafeHtml html={policy.welcomeMessage.beforeSigning} />
      )}
      {policy.acknowledgement ? <PolicySignature acknowledgement={policy.acknowledgement} /> : null}
      {failure ? <Alert tone="error">{failure.detail}</Alert> : null}
      {!policy.acknowledged && policy.ackMethod === 'sign' ? (
        <PolicySignForm extraFields={policy.extraFields} serverErrors={serverErrors} isSubmitting={isSubmitting} onSign={onAcknowledge}>
          {content}
        </PolicySignForm>
      ) : (
        content
      )}
      {!policy.acknowledged && policy.ackMethod === 'click' ? (
        <div className="row">
          <Button isDisabled={isSubmitting} onPress={() => onAcknowledge({})}>
            {isSubmitting ? 'Please wait...' : 'Accept'}
          </Button>
        </div>
      ) : null}
      {!policy.acknowledged && policy.ackMethod === 'none' ? <p>This policy is for your information: nothing needs to be signed.</p> : null}
      {policy.provider ? (
        <p className="policy__provider">
          Signed for the provider by {policy.provider.typedName} on {policy.provider.signedAtLocal}.
        </p>
      ) : null}
    </div>
  );
}
