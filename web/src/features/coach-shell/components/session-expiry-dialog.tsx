import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { sessionAtom } from '../../../lib/session/session.ts';
import { extendSession } from '../api/session-calls.ts';

export interface SessionExpiryDialogProps {
  isOpen: boolean;
  onLogOut: () => void;
}

/** The warning one minute before logout (spec coach-shell §2.1, public-and-guest §4): Continue or Log Out. */
export function SessionExpiryDialog({ isOpen, onLogOut }: SessionExpiryDialogProps) {
  const setSession = useSetAtom(sessionAtom);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function continueSession() {
    if (pending) return;
    setPending(true);
    setMessage(null);
    const answer = await extendSession();
    setPending(false);
    // The new session restarts the timer, which closes this dialog; a lost session goes to login by itself.
    if ('session' in answer) setSession(answer.session);
    else setMessage(answer.message);
  }

  return (
    <Dialog
      title="Your session is about to end"
      role="alertdialog"
      isOpen={isOpen}
      // Esc means "I am still here": the same as Continue.
      onOpenChange={(open) => {
        if (!open) void continueSession();
      }}
    >
      <p>You will be logged out in less than a minute. Continue to stay signed in.</p>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div className="row">
        <Button autoFocus onPress={continueSession}>
          Continue
        </Button>
        <Button variant="secondary" isDisabled={pending} onPress={onLogOut}>
          Log Out
        </Button>
      </div>
    </Dialog>
  );
}
