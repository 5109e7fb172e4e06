import { useEffect, useState } from 'react';
import { batchMessage, failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { submissionAnswered, submissionKey } from '../../../../lib/submission-key.ts';
import { type AssessmentDetails, useAssessmentDetails } from '../../api/list-assessment-details.ts';
import { type EmailBatchRequest, useInvitePreview } from '../../api/preview-invite.ts';
import { useSendInvites } from '../../api/send-invites.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import {
  CoachEmailField,
  coachEmailGiven,
  PreviewDialog,
  SEND_TEXT,
  type SendFrom,
  SendFromField,
  sendOptions,
  withDrafts,
} from '../shared/send-email-parts.tsx';

// spec assessments-and-clients §4.3.
export const NOTHING_TO_SEND = "There's nothing to be done - there are no invites to be sent.";

export const inviteSummary = (succeeded: number, total: number) => `${succeeded} of ${total} invite emails sent successfully.`;

interface InvitePlan {
  invites: AssessmentDetails[];
  reminders: AssessmentDetails[];
  skipped: AssessmentDetails[];
}

/**
 * Who gets what (§4.3): a client not invited yet an invite, one invited before a reminder; a completed assessment
 * is skipped (the BFF's `canInvite`). Received (SCO) assessments are invited like the coach's own: the spec
 * refuses them for edit, wrap-up and re-assignment only (§4.7, §5 "Edit").
 */
function planOf(selection: readonly AssessmentDetails[]): InvitePlan {
  const sendable = selection.filter((item) => item.permissions.canInvite);
  return {
    invites: sendable.filter((item) => item.inviteState === 'notInvited'),
    reminders: sendable.filter((item) => item.inviteState !== 'notInvited'),
    skipped: selection.filter((item) => !item.permissions.canInvite),
  };
}

const names = (items: readonly AssessmentDetails[]) => items.map((item) => `${item.clientName} ${item.clientSurname}`).join(', ');
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Send Invites/Reminders (spec assessments-and-clients §2.3, §2.4, §4.3, §8): the pre-invite review of the whole
 * selection, how to send (the provider's address, or drafts for the coach's own e-mail client when one is
 * selected), the impersonator's coach address, Preview, then one `sendInvites` call and its batch alert.
 */
export default function SendInvitesDialog({ ids, session, finish }: AssessmentActionProps) {
  const details = useAssessmentDetails(ids, true);
  const plan = details.data ? planOf(details.data.items) : null;
  const toSend = plan ? plan.invites.length + plan.reminders.length : 0;
  const nothingToSend = plan !== null && toSend === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: it ends the action once, when the review is known.
  useEffect(() => {
    if (nothingToSend) finish({ title: 'Please Note', body: <p>{NOTHING_TO_SEND}</p> });
  }, [nothingToSend]);

  const [sendFrom, setSendFrom] = useState<SendFrom>('server');
  const [coachEmail, setCoachEmail] = useState(session.roles.impersonator ? session.coach.email : '');
  const [previewOf, setPreviewOf] = useState<EmailBatchRequest | null>(null);
  const request = (): EmailBatchRequest => ({ ids: [...ids], ...sendOptions(sendFrom, session, coachEmail) });
  const preview = useInvitePreview(previewOf ?? request(), previewOf !== null);
  const send = useSendInvites();
  const onClose = () => finish();

  const submit = () => {
    if (!coachEmailGiven(session, coachEmail)) return;
    const body = request();
    send.mutate(
      { body, params: submissionKey('sendInvites', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('sendInvites');
          finish(withDrafts(batchMessage(result, inviteSummary(result.succeeded, result.total)), result.drafts));
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  };
  const showPreview = () => {
    if (coachEmailGiven(session, coachEmail)) setPreviewOf(request());
  };

  if (nothingToSend) return null;
  if (previewOf) return <PreviewDialog what="the invite" count={toSend} preview={preview} onBack={() => setPreviewOf(null)} />;
  return (
    <FormDialog
      title="Send Invites/Reminders"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={send.isPending ? SEND_TEXT.sending : 'Send'}
      isPending={send.isPending}
      isSubmitDisabled={!plan}
      actions={
        <Button variant="secondary" onPress={showPreview} isDisabled={!plan} isPending={send.isPending}>
          Preview
        </Button>
      }
    >
      {details.isPending ? <Loading label="Loading..." /> : null}
      <ProblemAlert error={details.error} />
      {plan ? (
        <dl className="send-email__groups">
          {plan.invites.length > 0 ? (
            <div>
              <dt>{`${count(plan.invites.length, 'invite', 'invites')} to send`}</dt>
              <dd>{names(plan.invites)}</dd>
            </div>
          ) : null}
          {plan.reminders.length > 0 ? (
            <div>
              <dt>{`${count(plan.reminders.length, 'reminder', 'reminders')} to send (invited before)`}</dt>
              <dd>{names(plan.reminders)}</dd>
            </div>
          ) : null}
          {plan.skipped.length > 0 ? (
            <div>
              <dt>{`${count(plan.skipped.length, 'assessment', 'assessments')} skipped as complete`}</dt>
              <dd>{names(plan.skipped)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <SendFromField value={sendFrom} onChange={setSendFrom} selectedCount={ids.length} />
      <CoachEmailField session={session} value={coachEmail} onChange={setCoachEmail} />
    </FormDialog>
  );
}
