import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { problemMessage } from '../../../lib/problem.ts';
import { useExtendSession } from '../../../lib/session/session-api.ts';

export interface SessionExpiryDialogProps {
  isOpen: boolean;
  onLogOut: () => void;
}

/** The warning one minute before logout (spec coach-shell §2.1, public-and-guest §4): Continue or Log Out. */
export function SessionExpiryDialog({ isOpen, onLogOut }: SessionExpiryDialogProps) {
  // The new session restarts the timer, which closes this dialog; a lost session goes to login by itself.
  const extend = useExtendSession();

  function continueSession() {
    if (!extend.isPending) extend.mutate({});
  }

  return (
    <Dialog
      title="Your session is about to end"
      role="alertdialog"
      isOpen={isOpen}
      // Esc means "I am still here": the same as Continue.
      onOpenChange={(open) => {
        if (!open) continueSession();
      }}
    >
      <p>You will be logged out in less than a minute. Continue to stay signed in.</p>
      {extend.isError ? <Alert tone="error">{problemMessage(extend.error)}</Alert> : null}
      <div className="row">
        <Button autoFocus onPress={continueSession}>
          Continue
        </Button>
        <Button variant="secondary" isPending={extend.isPending} onPress={onLogOut}>
          Log Out
        </Button>
      </div>
    </Dialog>
  );
}
