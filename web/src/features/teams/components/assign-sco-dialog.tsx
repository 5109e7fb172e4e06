import { useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { isScoEmail, SCO_EMAIL_MAX, TEAMS_TEXT, TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { useAssignTeamSco } from '../api/assign-team-sco.ts';

export interface AssignScoDialogProps {
  ids: readonly string[];
  onClose: () => void;
  onAssigned: () => void;
}

/**
 * Assign SCO (spec coach-shell §2.6, §4 SCO, §5, §8): the selected teams given to the coach registered with an
 * e-mail of at most 45 characters; Proceed stays disabled while the address is not valid.
 */
export default function AssignScoDialog({ ids, onClose, onAssigned }: AssignScoDialogProps) {
  const [email, setEmail] = useState('');
  const assign = useAssignTeamSco();
  const valid = isScoEmail(email);
  const submit = () => {
    if (!valid) return;
    assign.mutate(
      { body: { ids: [...ids], coachEmail: email.trim() }, params: { header: { 'Idempotency-Key': crypto.randomUUID() } } },
      {
        onSuccess: (result) => {
          showToast(
            `${result.succeeded === 1 ? '1 team' : `${result.succeeded} teams`} given to ${email.trim()}.`,
            'success',
            TEAMS_TOAST_MS,
          );
          onAssigned();
        },
      },
    );
  };
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
          The coach with this e-mail address receives {ids.length === 1 ? 'the selected team' : `the ${ids.length} selected teams`} and can
          download their reports.
        </p>
        <TextField
          label="Coach's e-mail address"
          type="email"
          value={email}
          onChange={setEmail}
          maxLength={SCO_EMAIL_MAX}
          autoFocus
          isInvalid={email !== '' && !valid}
          errorMessage={TEAMS_TEXT.invalidEmail}
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
