// What Send Invites/Reminders and Send Reports share (spec assessments-and-clients §4.3, §5 "Sending and downloading
// reports", §6): how to send, the impersonator's coach address, the Preview and the drafts for the coach's own
// e-mail client.
import type { ReactNode } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { SafeHtml } from '../../../../components/safe-html.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { RadioGroup } from '../../../../components/ui/radio-group.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { showToast } from '../../../../components/ui/toast.tsx';
import type { Session } from '../../../../lib/session/session.ts';
import { TOAST_MS } from '../../utils/assessment-texts.ts';
import './send-email.css';

type EmailDraft = components['schemas']['EmailDraft'];
type EmailPreview = components['schemas']['EmailPreview'];

// spec assessments-and-clients §5 "Sending and downloading reports", §8 toasts.
export const SEND_TEXT = {
  reportRequired: 'Please select a report',
  coachEmailRequired: 'Please enter email address',
  ownEmailSingleOnly: "Can't send from your email address because more than one assessment has been selected.",
  generating: 'Generating email...',
  sending: 'Sending email...',
} as const;

export type SendFrom = 'server' | 'own';

/** The request's sending options: `serverSend`, and the typed coach address in an impersonator's session (§4.3, §6). */
export function sendOptions(sendFrom: SendFrom, session: Session, coachEmail: string) {
  return { serverSend: sendFrom === 'server', ...(session.roles.impersonator ? { coachEmailAddress: coachEmail.trim() } : {}) };
}

/** An impersonator must type the coach's address first: the spec's toast when it is empty, and false. */
export function coachEmailGiven(session: Session, coachEmail: string): boolean {
  if (!session.roles.impersonator || coachEmail.trim() !== '') return true;
  showToast(SEND_TEXT.coachEmailRequired, 'error', TOAST_MS);
  return false;
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

/** An impersonator's coach address: the e-mails go there instead of to the clients (§4.3, §6). */
export function CoachEmailField({ session, value, onChange }: { session: Session; value: string; onChange: (value: string) => void }) {
  if (!session.roles.impersonator) return null;
  return (
    <TextField
      label="Coach email address"
      type="email"
      value={value}
      onChange={onChange}
      maxLength={254}
      description="As you act for the coach, the emails go to this address, not to the clients."
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

/** Preview: one representative e-mail as it would be sent (§4.3; coach-shell §9); its HTML sanitised. */
export function PreviewDialog({ what, count, preview, onBack }: PreviewDialogProps) {
  const { data, error, isPending } = preview;
  return (
    <Dialog title="Preview" isOpen onOpenChange={(open) => (open ? undefined : onBack())}>
      <div className="stack">
        {isPending && !error ? <Loading label={SEND_TEXT.generating} /> : null}
        <ProblemAlert error={error} />
        {data ? (
          <>
            <p>{count > 1 ? `One of the ${count} emails, as ${what} will be sent:` : `The email, as ${what} will be sent:`}</p>
            <dl className="send-email__preview-meta">
              <dt>To</dt>
              <dd>{data.emailAddress}</dd>
              <dt>Subject</dt>
              <dd>{data.subject}</dd>
            </dl>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling body must be reachable by keyboard (axe scrollable-region-focusable). */}
            <section className="send-email__preview-body" tabIndex={0} aria-label="Email body">
              <SafeHtml html={data.body} />
            </section>
          </>
        ) : null}
        <div className="dialog__actions">
          <Button autoFocus onPress={onBack}>
            Back
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

const mailto = (draft: EmailDraft) =>
  `mailto:${draft.emailAddress}?subject=${encodeURIComponent(draft.subject)}&body=${encodeURIComponent(draft.body)}`;

/** A batch alert with the drafts to open in the coach's own e-mail client (`serverSend` false) after its summary. */
export function withDrafts(message: ActionMessage, drafts: readonly EmailDraft[]): ActionMessage {
  if (drafts.length === 0) return message;
  const links: ReactNode = (
    <ul className="send-email__drafts">
      {drafts.map((draft) => (
        <li key={draft.id}>
          <a className="link" href={mailto(draft)}>
            {`Open the email to ${draft.name} in your email client`}
          </a>
        </li>
      ))}
    </ul>
  );
  return {
    ...message,
    body: (
      <>
        {message.body}
        {links}
      </>
    ),
  };
}
