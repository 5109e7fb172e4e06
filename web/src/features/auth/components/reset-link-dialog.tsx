import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { problemMessage } from '../../../lib/problem.ts';
import { isEmail } from '../../../lib/validation.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export interface ResetLinkDialogProps {
  /** The link that opened it: 'Forgot Password?' or 'New Account?'. */
  title: string | null;
  onClose: () => void;
  onSent: (message: string) => void;
}

/** The e-mail modal of the login page (spec public-and-guest §2 "Login", §5, §8 "Forgot password"). */
export function ResetLinkDialog({ title, onClose, onSent }: ResetLinkDialogProps) {
  return (
    <Dialog
      title={title ?? ''}
      isOpen={title !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <ResetLinkForm onCancel={onClose} onSent={onSent} />
    </Dialog>
  );
}

function ResetLinkForm({ onCancel, onSent }: { onCancel: () => void; onSent: (message: string) => void }) {
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  // spec §5: Send stays disabled until the e-mail matches the pattern.
  const ready = isEmail(email);

  // A second press while sending is ignored rather than the button disabled: a disabled button
  // drops the focus out of the dialog, and Esc with it.
  function send() {
    if (!ready || request.isPending) return;
    request.mutate({ body: { email: email.trim() } }, { onSuccess: (answer) => onSent(answer.message) });
  }

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <p>Enter the e-mail address of your coach account. We will send you a link to set a new password.</p>
      <TextField label="Email" type="email" name="email" autoComplete="email" autoFocus value={email} onChange={setEmail} />
      {request.isError ? <Alert tone="error">{problemMessage(request.error)}</Alert> : null}
      <div className="row">
        <Button type="submit" isDisabled={!ready}>
          Send Reset Link
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
