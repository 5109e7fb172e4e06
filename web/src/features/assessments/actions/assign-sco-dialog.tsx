import { useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAssignAssessmentSco } from '../api/change-assessments.ts';
import { idempotencyKey, receivedRefusal, useRunOnMount } from './action-messages.tsx';
import type { AssessmentActionProps } from './action-props.ts';

// spec assessments-and-clients §5 "SCO": at most 45 characters; Proceed stays disabled while the address is not valid.
const SCO_EMAIL_MAX = 45;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_SCO_EMAIL = 'Please enter a valid email address.';

/** Assign SCO (spec assessments-and-clients §2.3, §4.7): the selection given to the coach registered with an e-mail. */
export default function AssignScoDialog({ ids, rows, finish, clearSelection }: AssessmentActionProps) {
  const refusal = receivedRefusal(rows);
  useRunOnMount(() => {
    if (refusal) finish(refusal);
  });
  const onClose = () => finish();
  const [email, setEmail] = useState('');
  const assign = useAssignAssessmentSco();
  const address = email.trim();
  const valid = address.length <= SCO_EMAIL_MAX && EMAIL.test(address);
  const submit = () => {
    if (!valid) return;
    assign.mutate(
      { body: { ids: [...ids], coachEmail: address }, params: idempotencyKey() },
      {
        onSuccess: (result) => {
          clearSelection();
          finish({
            title: 'Success',
            body: (
              <p>
                {`${result.newlyGiven === 1 ? '1 assessment' : `${result.newlyGiven} assessments`} given to ${result.coachEmail}.` +
                  (result.newlyGiven < result.total ? ' The others had been given to that coach already.' : '')}
              </p>
            ),
          });
        },
      },
    );
  };
  if (refusal) return null;
  return (
    <Dialog title="Assign Secondary Coach Ownership" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>
          The coach with this e-mail address receives{' '}
          {ids.length === 1 ? 'the selected assessment' : `the ${ids.length} selected assessments`} and can work with their reports. You can
          revoke this at any time from SCO Given.
        </p>
        <TextField
          label="Coach's e-mail address"
          type="email"
          value={email}
          onChange={setEmail}
          maxLength={SCO_EMAIL_MAX}
          autoFocus
          isInvalid={email !== '' && !valid}
          errorMessage={INVALID_SCO_EMAIL}
        />
        <ProblemAlert error={assign.error} />
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={!valid || assign.isPending}>
            {assign.isPending ? 'Assigning...' : 'Proceed'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
