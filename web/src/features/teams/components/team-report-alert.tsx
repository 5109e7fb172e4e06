import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { MessageTitle } from '../../../components/ui/message-dialog.tsx';
import { TEAMS_TEXT } from '../../../lib/labels/teams.ts';

export type TeamReportMessage = { title: MessageTitle; body: ReactNode };

import type { ReactNode } from 'react';

/**
 * The team page's one alert: the download's modal while a file is on its way (it cannot be dismissed then), or the
 * message of what was done or what failed, with OK.
 */
export default function TeamReportAlert({
  downloading,
  message,
  onClose,
}: {
  downloading: boolean;
  message: TeamReportMessage | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={downloading ? TEAMS_TEXT.downloading : (message?.title ?? 'Failed')}
      role="alertdialog"
      isOpen
      isKeyboardDismissDisabled={downloading}
      onOpenChange={(open) => (open || downloading ? undefined : onClose())}
    >
      {downloading ? (
        <p className="message-dialog__body">The team report is being downloaded. This closes by itself when the file has arrived.</p>
      ) : (
        <>
          <div className="message-dialog__body">{message?.body}</div>
          <div className="dialog__actions">
            <Button autoFocus onPress={onClose}>
              OK
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
