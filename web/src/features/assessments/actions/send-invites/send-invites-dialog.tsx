import { useEffect, useState } from 'react';
import { batchMessage, failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import type { AssessmentBatchJob } from '../../api/get-assessment-batch-job.ts';
import { type InviteRequest, useInvitePreview } from '../../api/preview-invite.ts';
import { useSendInvites } from '../../api/send-invites.ts';
import { type AssessmentSelectionSummary, useSelectionSummary } from '../../api/summarize-assessment-selection.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import {
  BatchJobProgress,
  batchParams,
  countOf,
  type JobResult,
  jobCallbacks,
  MAX_SELECTION,
  namesOf,
  TOO_MANY,
} from '../shared/batch-job.tsx';
import { RECEIVED_REFUSAL } from '../shared/received-refusal.ts';
import { SelectionScopeNote } from '../shared/selection-scope-note.tsx';
import { announce, PreviewDialog, SEND_TEXT, useSendFrom, withDrafts } from '../shared/send-email-parts.tsx';
import { ReceivedNotice } from './received-notice.tsx';

// spec assessments-and-clients §4.3.
export const NOTHING_TO_SEND = "There's nothing to be done - there are no invites to be sent.";

export const inviteSummary = (succeeded: number, total: number) => `${succeeded} of ${total} invite emails sent successfully.`;

// The legacy server send reaches the client, never the typed coach address (§4.3): the BFF's text for its refusal
// (docs/decisions/010-an-impersonators-invites-are-drafts.md).
export const IMPERSONATOR_SERVER_SEND =
  "As you act for the coach, the provider's server cannot send invites: it would send them to the clients. Send from your email address instead; the invite opens addressed to the coach email address.";

/**
 * Who gets what (§4.3), as the BFF summarises the whole selection: a client not invited yet an invite, one invited
 * before a reminder; a completed assessment is skipped. Each group names its first clients and counts the rest. A
 * selection holding a received (SCO) assessment is refused before this, as the BFF refuses it (§4.7, §5 "Edit").
 */
const planOf = ({ invites, reminders, complete }: AssessmentSelectionSummary) => ({ invites, reminders, skipped: complete });

const sentMessage = (result: JobResult) =>
  withDrafts(batchMessage(result, inviteSummary(result.succeeded, result.total)), result.drafts ?? []);

/**
 * Send Invites/Reminders (spec assessments-and-clients §2.3, §2.4, §4.3, §8): the pre-invite review of the whole
 * selection, how to send (the provider's address, or drafts for the coach's own e-mail client when one is
 * selected; for an impersonator drafts only, addressed to the typed coach address), Preview, then one `sendInvites`
 * call and its batch alert. A selection holding received assessments says how many and whose, and offers to go on
 * without them or to select only the coach's own (the BFF refuses a send holding one with the spec's text, §5); a
 * selection of received assessments only is refused with that text. When the table's filter no longer shows some
 * of the selection, the review says how many it sends to.
 */
export default function SendInvitesDialog({ ids: selected, session, finish, select, outsideFilter }: AssessmentActionProps) {
  // The selection, or its coach's own assessments once the coach chose to go on without the received ones.
  const [ids, setIds] = useState(selected);
  const tooMany = ids.length > MAX_SELECTION;
  const summary = useSelectionSummary(ids, !tooMany);
  const receivedCount = summary.data?.received ?? 0;
  const received = receivedCount > 0;
  const onlyReceived = received && receivedCount >= (summary.data?.total ?? 0);
  const plan = summary.data && !received ? planOf(summary.data) : null;
  const toSend = plan ? plan.invites.count + plan.reminders.count : 0;
  const nothingToSend = plan !== null && toSend === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: it ends the action once, when the review is known.
  useEffect(() => {
    if (tooMany) finish(failedMessage(TOO_MANY));
    else if (onlyReceived) finish(failedMessage(RECEIVED_REFUSAL));
    else if (nothingToSend) finish({ title: 'Please Note', body: <p>{NOTHING_TO_SEND}</p> });
  }, [tooMany, onlyReceived, nothingToSend]);

  // An impersonator's invites are drafts addressed to the typed coach address (§4.3, §6).
  const impersonator = session.roles.impersonator;
  const sending = useSendFrom(session, impersonator ? 'own' : 'server');
  // Own e-mail is for one assessment (an impersonator has no other way then).
  const cannotSend = sending.sendFrom === 'own' && ids.length > 1;
  const [previewOf, setPreviewOf] = useState<InviteRequest | null>(null);
  const request = (): InviteRequest => ({ ids: [...ids], ...sending.options() });
  const preview = useInvitePreview(previewOf ?? request(), previewOf !== null);
  const send = useSendInvites();
  const [job, setJob] = useState<AssessmentBatchJob | null>(null);
  const onClose = () => finish();

  const submit = () => {
    if (cannotSend || !sending.coachEmailGiven()) return;
    const body = request();
    announce(SEND_TEXT.sending);
    // A few rows answer at once; a selection larger than DIRECT_MAX_ITEMS runs as a job with its bar and Stop.
    send.mutate({ body, params: batchParams('sendInvites', body) }, jobCallbacks('sendInvites', setJob, sentMessage, finish));
  };
  const showPreview = () => {
    if (!sending.coachEmailGiven()) return;
    announce(SEND_TEXT.generating);
    setPreviewOf(request());
  };

  if (tooMany || onlyReceived || nothingToSend) return null;
  if (received && summary.data) {
    return (
      <ReceivedNotice
        ids={ids}
        received={receivedCount}
        names={summary.data.receivedNames ?? []}
        onWithout={setIds}
        onSelectOwn={
          select &&
          ((own) => {
            select(own);
            setIds(own);
          })
        }
        onClose={onClose}
      />
    );
  }
  if (job) return <BatchJobProgress title="Send Invites/Reminders" job={job} resultMessage={sentMessage} finish={finish} />;
  if (previewOf) return <PreviewDialog what="the invite" count={toSend} preview={preview} onBack={() => setPreviewOf(null)} />;
  return (
    <FormDialog
      title="Send Invites/Reminders"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={send.isPending ? SEND_TEXT.sending : 'Send'}
      isPending={send.isPending}
      isSubmitDisabled={!plan || cannotSend}
      actions={
        <Button variant="secondary" onPress={showPreview} isDisabled={!plan} isPending={send.isPending}>
          Preview
        </Button>
      }
    >
      {summary.isPending ? <Loading label="Loading..." /> : null}
      <ProblemAlert error={summary.error} />
      <SelectionScopeNote verb="Sends to" count={ids.length} outside={outsideFilter && Math.min(outsideFilter, ids.length)} />
      {plan ? (
        <dl className="send-email__groups">
          {plan.invites.count > 0 ? (
            <div>
              <dt>{`${countOf(plan.invites.count, 'invite', 'invites')} to send`}</dt>
              <dd>{namesOf(plan.invites)}</dd>
            </div>
          ) : null}
          {plan.reminders.count > 0 ? (
            <div>
              <dt>{`${countOf(plan.reminders.count, 'reminder', 'reminders')} to send (invited before)`}</dt>
              <dd>{namesOf(plan.reminders)}</dd>
            </div>
          ) : null}
          {plan.skipped.count > 0 ? (
            <div>
              <dt>{`${countOf(plan.skipped.count, 'assessment', 'assessments')} skipped as complete`}</dt>
              <dd>{namesOf(plan.skipped)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {sending.fields(ids.length, impersonator ? IMPERSONATOR_SERVER_SEND : undefined)}
    </FormDialog>
  );
}
