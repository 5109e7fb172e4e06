import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogForm } from '../../../components/ui/form-dialog.tsx';
import { MessageDialog } from '../../../components/ui/message-dialog.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { fieldRefusal, problemCode, problemMessage } from '../../../lib/problem.ts';
import { useSubmission } from '../../../lib/submission-key.ts';
import { type FeedbackCategory, useSendFeedback } from '../api/send-feedback.ts';

// spec coach-shell §2.1, §5, §8: the dialog's texts.
export const LEAVE_MESSAGE = {
  title: 'Leave A Message',
  incomplete: 'Please select a category and enter a message.',
  sent: 'Thank you, successfully submitted.',
  failed: 'There was an unexpected error while sending the message. Please try again later.',
} as const;

/** The spec names the categories by their keys only; these are their readable names. */
const CATEGORIES: readonly { id: FeedbackCategory | ''; label: string }[] = [
  { id: '', label: 'Select a category' },
  { id: 'featureRequest', label: 'Feature request' },
  { id: 'bugReport', label: 'Bug report' },
  { id: 'marketingLink', label: 'Marketing link' },
  { id: 'referBuddy', label: 'Refer a buddy' },
  { id: 'freeText', label: 'Something else' },
];

const MESSAGE_MAX = 5000;

export interface LeaveMessageDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** 'Leave A Message' (the drawer's notepad): a category and a non-blank text, sent to the provider. */
export function LeaveMessageDialog({ isOpen, onClose }: LeaveMessageDialogProps) {
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [message, setMessage] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendFeedback();
  const submission = useSubmission('sendFeedback');

  const close = () => {
    setCategory('');
    setMessage('');
    setIncomplete(false);
    onClose();
  };

  const submit = () => {
    if (category === '' || message.trim() === '') {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    const body = { category, message };
    submission.submit(body, (params) =>
      send.mutateAsync({ body, params }).then(
        () => {
          showToast(LEAVE_MESSAGE.sent, 'success');
          close();
        },
        // The BFF's own refusal of the form keeps its text (incomplete, or characters the message may not hold);
        // any other failure is the spec's alert.
        (error: unknown) => {
          setFailure(
            problemCode(error) === 'feedback_incomplete' || fieldRefusal(error, 'message') ? problemMessage(error) : LEAVE_MESSAGE.failed,
          );
          throw error;
        },
      ),
    );
  };

  return (
    <>
      <Dialog title={LEAVE_MESSAGE.title} isOpen={isOpen && failure === null} onOpenChange={(open) => (open ? undefined : close())}>
        <DialogForm className="leave-message" onSubmit={submit}>
          <NativeSelect
            label="Category"
            options={CATEGORIES}
            value={category}
            onChange={(value) => setCategory(value as FeedbackCategory | '')}
          />
          <TextArea label="Message" value={message} onChange={setMessage} maxLength={MESSAGE_MAX} rows={6} />
          {incomplete ? <Alert tone="error">{LEAVE_MESSAGE.incomplete}</Alert> : null}
          <div className="dialog__actions">
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" isPending={submission.isPending}>
              {submission.isPending ? 'Sending…' : 'Send'}
            </Button>
          </div>
        </DialogForm>
      </Dialog>
      <MessageDialog title="Failed" onClose={() => setFailure(null)}>
        {failure}
      </MessageDialog>
    </>
  );
}
