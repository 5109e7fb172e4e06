import { Suspense, useEffect, useRef } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { asProblem, type Problem } from '../../../lib/problem.ts';
import { useSubmission } from '../../../lib/submission-key.ts';
import {
  type PolicyPage as Policy,
  type PolicyAcknowledgement,
  type PolicyLink,
  useAcknowledgePolicy,
  usePolicyPage,
} from '../api/policy-api.ts';
import { type FieldErrors, problemFieldErrors } from './policy-signature.ts';
import { PolicySignature } from './policy-signature-details.tsx';
import './policy-page.css';

// The sanitiser (DOMPurify) and the signing form's fields load beside the policy's request, not before the page's
// first paint (it says 'Loading...' until the policy is there).
const SafeHtml = lazyWithPreload(async () => ({ default: (await import('../../../components/safe-html.tsx')).SafeHtml }));
const PolicySignForm = lazyWithPreload(async () => ({ default: (await import('./policy-sign-form.tsx')).PolicySignForm }));

/** The coach policy page (spec: public-and-guest §2 "Coach policy page", §4 "Policy"). */
export function PolicyPage(link: PolicyLink) {
  usePageTitle('Coach policy');
  const { coachUuid, policyUuid } = link;
  const page = usePolicyPage({ coachUuid, policyUuid });
  const acknowledgement = useAcknowledgePolicy({ coachUuid, policyUuid });
  const submission = useSubmission('acknowledgePolicy');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    SafeHtml.preload();
    PolicySignForm.preload();
  }, []);

  const acknowledge = (body: PolicyAcknowledgement) => {
    const path = { coachUuid, policyUuid };
    submission.submit([path, body], (params) =>
      acknowledgement
        .mutateAsync({ params: { path, ...params }, body })
        // The form is gone: start reading again at the top, where the after-signing message is.
        .then(() => heading.current?.focus()),
    );
  };

  return (
    <main className="page policy">
      <h1 ref={heading} tabIndex={-1}>
        Coach policy
      </h1>
      {page.isPending ? <Loading label="Loading..." /> : null}
      <ProblemAlert error={page.error} onRetry={() => void page.refetch()} />
      {page.data ? (
        <Suspense fallback={<Loading label="Loading..." />}>
          <PolicyView
            policy={page.data}
            failure={acknowledgement.isError ? asProblem(acknowledgement.error) : null}
            isSubmitting={submission.isPending}
            onAcknowledge={acknowledge}
          />
        </Suspense>
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
          <Button isPending={isSubmitting} onPress={() => onAcknowledge({})}>
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
