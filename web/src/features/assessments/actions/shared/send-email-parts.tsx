// What Send Invites/Reminders and Send Reports share (spec assessments-and-clients §4.3, §5 "Sending and downloading
// reports", §6): how to send, the Preview and the drafts in the batch alert. The coach address, the Preview dialog
// and the drafts' links are every send's (`components/email-sending.tsx`, the Pairs' Send Reports too).
import { useState } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { EmailDraftLinks, EmailPreviewDialog, type SendFrom, sendOptions, useCoachEmail } from '../../../../components/email-sending.tsx';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { RadioGroup } from '../../../../components/ui/radio-group.tsx';
import { showToast } from '../../../../components/ui/toast.tsx';
import type { Session } from '../../../../lib/session/session.ts';
import { TOAST_MS } from '../../utils/assessment-texts.ts';
import './send-email.css';

type EmailDraft = components['schemas']['EmailDraft'];
type EmailPreview = components['schemas']['EmailPreview'];

// spec assessments-and-clients §5 "Sending and downloading reports", §8 toasts.
export const SEND_TEXT = {
  reportRequired: 'Please select a report',
  ownEmailSingleOnly: "Can't send from your email address because more than one assessment has been selected.",
  generating: 'Generating email...',
  sending: 'Sending email...',
} as const;

/** spec §8: the toasts 'Generating email...' (a preview asked for) and 'Sending email...' (a send started). */
export const announce = (text: (typeof SEND_TEXT)['generating' | 'sending']) => showToast(text, 'info', TOAST_MS);

/**
 * How a send goes out (the provider's address or a draft) and an impersonator's coach address: the state, the
 * request's options, the check before sending or previewing (the spec's text at the address when it is empty) and the fields.
 */
export function useSendFrom(session: Session, initial: SendFrom = 'server') {
  const [sendFrom, setSendFrom] = useState<SendFrom>(initial);
  const coachEmail = useCoachEmail(session);
  return {
    sendFrom,
    options: () => sendOptions(sendFrom, session, coachEmail.value),
    coachEmailGiven: coachEmail.given,
    fields: (selectedCount: number, serverRefusal?: string) => (
      <>
        <SendFromField value={sendFrom} onChange={setSendFrom} selectedCount={selectedCount} serverRefusal={serverRefusal} />
        {coachEmail.field}
      </>
    ),
  };
}

/**
 * From the provider's address (the server sends) or as a draft for the coach's own e-mail client, which the spec
 * allows for one assessment only. `serverRefusal`: why the provider's address is not offered (an impersonator's
 * invites), said beside the options.
 */
export function SendFromField({
  value,
  onChange,
  selectedCount,
  serverRefusal,
}: {
  value: SendFrom;
  onChange: (value: SendFrom) => void;
  selectedCount: number;
  serverRefusal?: string | undefined;
}) {
  const ownDisabled = selectedCount > 1;
  const reasons = [serverRefusal, ownDisabled ? SEND_TEXT.ownEmailSingleOnly : undefined].filter(Boolean);
  return (
    <RadioGroup
      label="Send"
      value={value}
      onChange={(next) => onChange(next as SendFrom)}
      description={reasons.length > 0 ? reasons.join(' ') : undefined}
      options={[
        { id: 'server', label: "From the provider's email address", isDisabled: serverRefusal !== undefined },
        { id: 'own', label: 'From your email address (opens in your own email client)', isDisabled: ownDisabled },
      ]}
    />
  );
}

export interface PreviewDialogProps {
  /** What the e-mail is, e.g. 'the invite' (said above the e-mail). */
  what: string;
  /** How many e-mails would go out; the preview shows one of them. */
  count: number;
  preview: { data?: EmailPreview | undefined; error: unknown; isPending: boolean };
  onBack: () => void;
}

/** Preview: one representative e-mail as it would be sent (§4.3; coach-shell §9), or why it could not be made. */
export function PreviewDialog({ what, count, preview, onBack }: PreviewDialogProps) {
  const { data, error, isPending } = preview;
  return (
    <EmailPreviewDialog
      what={what}
      count={count}
      email={data}
      onBack={onBack}
      bodyClassName="send-email__preview-body"
      status={
        <>
          {isPending && !error ? <Loading label={SEND_TEXT.generating} /> : null}
          <ProblemAlert error={error} />
        </>
      }
    />
  );
}

/** A batch alert with the drafts to open in the coach's own e-mail client (`serverSend` false) after its summary. */
export function withDrafts(message: ActionMessage, drafts: readonly EmailDraft[]): ActionMessage {
  if (drafts.length === 0) return message;
  return {
    ...message,
    body: (
      <>
        {message.body}
        <EmailDraftLinks drafts={drafts} />
      </>
    ),
  };
}
