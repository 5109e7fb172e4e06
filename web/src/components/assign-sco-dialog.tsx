import { type ReactNode, useState } from 'react';
import { INVALID_SCO_EMAIL, isScoEmail, SCO_EMAIL_MAX } from '../lib/labels/sco.ts';
import { FormDialog } from './ui/form-dialog.tsx';
import { TextField } from './ui/text-field.tsx';

export interface AssignScoDialogProps {
  /** What the coach receives, as the screen words it. */
  children: ReactNode;
  isPending: boolean;
  /** The BFF's problem (e.g. the unknown-address message), shown in the dialog. */
  error: unknown;
  /** Sends the trimmed address. */
  onAssign: (coachEmail: string) => void;
  onClose: () => void;
}

/**
 * Assign SCO (assessments and teams): the selection given to the coach registered with an e-mail of at most 45
 * characters; Proceed stays disabled while the address is not valid.
 */
export function AssignScoDialog({ children, isPending, error, onAssign, onClose }: AssignScoDialogProps) {
  const [email, setEmail] = useState('');
  const valid = isScoEmail(email);
  return (
    <FormDialog
      title="Assign Secondary Coach Ownership"
      onClose={onClose}
      onSubmit={() => {
        if (valid) onAssign(email.trim());
      }}
      submitLabel={isPending ? 'Assigning...' : 'Proceed'}
      isPending={isPending}
      isSubmitDisabled={!valid}
      error={error}
    >
      <p>{children}</p>
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
    </FormDialog>
  );
}
