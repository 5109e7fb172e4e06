import { useState } from 'react';
import type { components } from '../../../../../generated/bff.ts';
import { BatchResultMessage } from '../../../components/batch-result.tsx';
import { failedMessage, noteMessage } from '../../../components/data-table/action-messages.tsx';
import type { ActionMessage } from '../../../components/data-table/table-actions.ts';
import { EmailDraftLinks, EmailPreviewContent, type SendFrom, sendOptions, useCoachEmail } from '../../../components/email-sending.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogForm } from '../../../components/ui/form-dialog.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { MessageDialog, type MessageTitle } from '../../../components/ui/message-dialog.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { PAIRS_TEXT, PAIRS_TOAST_MS, sentCount } from '../../../lib/labels/pairs.ts';
import type { Session } from '../../../lib/session/session.ts';
import { submissionAnswered, submissionKey } from '../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../lib/use-run-on-mount.ts';
import { usePreviewPairReportEmail } from '../api/preview-pair-report-email.ts';
import { type PairEmailRequest, useSendPairReports } from '../api/send-pair-reports.ts';
import type { PairActionProps } from './action-props.ts';

type ReportEmailBatchResult = components['schemas']['ReportEmailBatchResult'];
type EmailPreview = components['schemas']['EmailPreview'];
type BatchFailure = components['schemas']['BatchFailure'];

interface SendPairReportsDialogProps {
  ids: readonly string[];
  session: Session;
  onClose: () => void;
  /** The send was made (or refused): its alert. */
  onDone: (outcome: ActionMessage) => void;
}

/**
 * The alert of a send, built from the BFF's result (spec §8): Success when all went, Please Note when some did,
 * Failed when none; each failed pair with the legacy API's answer; the drafts to open in the coach's own e-mail client.
 */
export function sentOutcome(result: ReportEmailBatchResult): ActionMessage {
  const title: MessageTitle = result.succeeded === result.total ? 'Success' : result.succeeded > 0 ? 'Please Note' : 'Failed';
  return {
    title,
    body: (
      <>
        <BatchResultMessage summary={sentCount(result.succeeded, result.total)} result={result} />
        <EmailDraftLinks drafts={result.drafts} />
      </>
    ),
  };
}

/** Send Reports (spec assessments-and-clients §5 "Sending and downloading reports"): only of supplied reports. */
export default function SendReportsAction({ ids, rows, session, finish, clearSelection }: PairActionProps) {
  // Every selected pair must have its report (the BFF refuses the same selection).
  const notSupplied = rows.some((row) => row.reportAvailable === false);
  useRunOnMount(() => {
    if (notSupplied) finish(noteMessage(PAIRS_TEXT.reportsNotSupplied));
  });
  if (notSupplied) return null;
  const onDone = (outcome: ActionMessage) => {
    clearSelection();
    finish(outcome);
  };
  return <SendPairReportsDialog ids={ids} session={session} onClose={() => finish()} onDone={onDone} />;
}

/**
 * Send Couples Report (spec assessments-and-clients §3.10, §4.3, §5 "Sending and downloading reports", §6, §8): how to
 * send (the provider's address, or drafts for the coach's own e-mail client), the impersonator's coach address, the
 * Preview (the pairs whose preview failed in a Failed modal), then a Confirmation and one `sendPairReports` call.
 */
function SendPairReportsDialog({ ids, session, onClose, onDone }: SendPairReportsDialogProps) {
  const [sendFrom, setSendFrom] = useState<SendFrom>('server');
  const coachEmail = useCoachEmail(session);
  const [step, setStep] = useState<'form' | 'confirm' | 'preview'>('form');
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [previewFailures, setPreviewFailures] = useState<readonly BatchFailure[]>([]);
  const previewEmail = usePreviewPairReportEmail();
  const send = useSendPairReports();
  const count = ids.length;

  const request = (): PairEmailRequest => ({ ids: [...ids], ...sendOptions(sendFrom, session, coachEmail.value) });
  // spec §5: an impersonator must type the coach's address first.
  const ready = coachEmail.given;
  const showPreview = () => {
    if (!ready()) return;
    showToast(PAIRS_TEXT.generating, 'info', PAIRS_TOAST_MS);
    previewEmail.mutate(
      { body: request() },
      {
        onSuccess: (answer) => {
          setPreview(answer.preview ?? null);
          setPreviewFailures(answer.failed);
          if (answer.preview) setStep('preview');
        },
      },
    );
  };
  const confirmSend = () => {
    const body = request();
    send.mutate(
      { body, params: submissionKey('sendPairReports', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('sendPairReports');
          onDone(sentOutcome(result));
        },
        // spec §8: a pair send failure is an alert with the answer as it came.
        onError: (failure) => onDone(failedMessage(failure)),
      },
    );
  };

  const failuresModal =
    previewFailures.length > 0 ? (
      <MessageDialog title="Failed" onClose={() => setPreviewFailures([])}>
        <p>The preview could not be made for:</p>
        <ul className="pair-send__list">
          {previewFailures.map((failure) => (
            <li key={failure.id}>{`${failure.name}: ${failure.message}`}</li>
          ))}
        </ul>
      </MessageDialog>
    ) : null;

  if (step === 'preview' && preview) {
    return (
      <Dialog title="Preview" isOpen onOpenChange={(open) => (open ? undefined : setStep('form'))}>
        <EmailPreviewContent
          what={count > 1 ? 'the pair reports' : 'the pair report'}
          count={count}
          email={preview}
          onBack={() => setStep('form')}
        />
        {failuresModal}
      </Dialog>
    );
  }

  if (step === 'confirm') {
    return (
      <Dialog title="Confirmation" role="alertdialog" isOpen onOpenChange={(open) => (open ? undefined : setStep('form'))}>
        <div className="stack">
          <p>{count === 1 ? 'Send the report of the selected pair?' : `Send the reports of the ${count} selected pairs?`}</p>
          <div className="dialog__actions">
            <Button variant="secondary" autoFocus onPress={() => setStep('form')}>
              Back
            </Button>
            <Button onPress={confirmSend} isPending={send.isPending}>
              {send.isPending ? PAIRS_TEXT.sending : 'Send'}
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={PAIRS_TEXT.sendCouplesReport} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogForm
        onSubmit={() => {
          if (ready()) setStep('confirm');
        }}
      >
        <p>{count === 1 ? 'The report of the selected pair.' : `The reports of the ${count} selected pairs.`}</p>
        <RadioGroup
          label="Send"
          value={sendFrom}
          onChange={(next) => setSendFrom(next as SendFrom)}
          options={[
            { id: 'server', label: "From the provider's email address" },
            { id: 'own', label: 'From your email address (opens in your own email client)' },
          ]}
        />
        {coachEmail.field}
        {previewEmail.isPending ? <Loading label={PAIRS_TEXT.generating} /> : null}
        <ProblemAlert error={previewEmail.error} />
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="secondary" onPress={showPreview} isPending={previewEmail.isPending}>
            Preview
          </Button>
          <Button type="submit">Send</Button>
        </div>
      </DialogForm>
      {failuresModal}
    </Dialog>
  );
}
