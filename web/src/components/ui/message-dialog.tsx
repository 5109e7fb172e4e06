import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

/** The titles the spec gives its alerts (assessments-and-clients §2.4; coach-shell §8 for a partial delete). */
export type MessageTitle = 'Failed' | 'Please Note' | 'Warning' | 'Success' | 'Not all records could be deleted';

export interface MessageDialogProps {
  title: MessageTitle;
  /** Open while there is something to say; OK or Esc calls `onClose`. */
  children: ReactNode | null;
  onClose: () => void;
}

/** An alert dialog with one of the spec's titles and an OK button. */
export function MessageDialog({ title, children, onClose }: MessageDialogProps) {
  return (
    <Dialog title={title} role="alertdialog" isOpen={children !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <div className="message-dialog__body">{children}</div>
      <div className="dialog__actions">
        <Button autoFocus onPress={onClose}>
          OK
        </Button>
      </div>
    </Dialog>
  );
}
