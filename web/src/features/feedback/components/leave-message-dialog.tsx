import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogForm } from '../../../components/ui/form-dialog.tsx';
import { MessageDialog } from '../../../components/ui/message-dialog.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { problemCode, problemMessage } from '../../../lib/problem.ts';
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

type MessageField = 'category' | 'message';

/**
 * 'Leave A Message' (the drawer's notepad): a category and a non-blank text, sent to the provider. The spec's
 * 'Please select a category and enter a message.' is said at each field missing, and the BFF's refusal of the text
 * (characters, an emoji) at the text; any other failure is the spec's alert.
 */
export function LeaveMessageDialog({ isOpen, onClose }: LeaveMessageDialogProps) {
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [message, setMessage] = useState('');
  const fields = useFieldErrors<MessageField>();
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendFeedback();
  const submission = useSubmission('sendFeedback');

  const close = () => {
    setCategory('');
    setMessage('');
    fields.report({});
    onClose();
  };

  const submit = () => {
    const missing = LEAVE_MESSAGE.incomplete;
    if (!fields.report({ category: category === '' ? missing : undefined, message: message.trim() === '' ? missing : undefined })) return;
    if (category === '') return; // narrows the category for the body
    const body = { category, message };
    submission.submit(body, (params) =>
      send.mutateAsync({ body, params }).then(
        () => {
          showToast(LEAVE_MESSAGE.sent, 'success');
          close();
        },
        // The BFF's refusal of a field is said at it; its refusal of the form keeps its text; any other failure is
        // the spec's alert.
        (error: unknown) => {
          if (!fields.reportRefusal(error, ['category', 'message']))
            setFailure(problemCode(error) === 'feedback_incomplete' ? problemMessage(error) : LEAVE_MESSAGE.failed);
          throw error;
        },
      ),
    );
  };

  return (
    <>
      <Dialog title={LEAVE_MESSAGE.title} isOpen={isOpen && failure === null} onOpenChange={(open) => (open ? undefined : close())}>
        <DialogForm className="leave-message" onSubmit={submit} formRef={fields.formRef}>
          <NativeSelect
            label="Category"
            options={CATEGORIES}
            value={category}
            onChange={(value) => {
              setCategory(value as FeedbackCategory | '');
              fields.clear('category');
            }}
            {...fields.field('category')}
          />
          <TextArea
            label="Message"
            value={message}
            onChange={(value) => {
              setMessage(value);
              fields.clear('message');
            }}
            maxLength={MESSAGE_MAX}
            rows={6}
            {...fields.field('message')}
          />
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
