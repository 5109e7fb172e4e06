import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useAcknowledgeMessages } from '../../../lib/api/acknowledge-messages.ts';
import type { Dashboard } from '../api/get-dashboard.ts';

export const MESSAGES_TITLE = 'Messages to acknowledge';

export interface MessagesDialogProps {
  messages: Dashboard['messagesToAck'];
  /** An impersonator reads them without acknowledging (spec coach-shell §4, §6). */
  impersonator: boolean;
  /** 'Later' or Esc: the dialog waits until the next sign-in in this tab. */
  onLater: () => void;
  onClose: () => void;
}

/**
 * The alert modal of the messages the coach has to acknowledge (spec coach-shell §2.3; legacy HTML, sanitised):
 * 'Acknowledge' sends acknowledgeMessages, after which the dashboard asks for them again.
 */
export default function MessagesDialog({ messages, impersonator, onLater, onClose }: MessagesDialogProps) {
  const acknowledge = useAcknowledgeMessages();
  return (
    <Dialog title={MESSAGES_TITLE} role="alertdialog" isOpen onOpenChange={(open) => (open ? undefined : onLater())}>
      <div className="dashboard-messages">
        {messages.map((message, index) => (
          // Messages have no id; the list is read once and never reordered.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <article key={index} className="dashboard-messages__message">
            <h3>{message.subject}</h3>
            <SafeHtml html={message.body} />
          </article>
        ))}
      </div>
      <ProblemAlert error={acknowledge.error} />
      <div className="dialog__actions">
        {impersonator ? (
          <Button autoFocus onPress={onLater}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="secondary" onPress={onLater}>
              Later
            </Button>
            <Button autoFocus isPending={acknowledge.isPending} onPress={() => acknowledge.mutate({}, { onSuccess: onClose })}>
              {acknowledge.isPending ? 'Saving...' : 'Acknowledge'}
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
