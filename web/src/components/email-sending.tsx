// What every dialog that sends e-mails shares (spec assessments-and-clients §4.3, §5 "Sending and downloading
// reports", §6): the impersonator's coach address, the Preview of one e-mail and the drafts for the coach's own
// e-mail client. Used by the assessments' Send Invites/Reminders and Send Reports and by the Pairs' Send Reports.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { components } from '../../../generated/bff.ts';
import type { Session } from '../lib/session/session.ts';
import { SafeHtml } from './safe-html.tsx';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { TextField } from './ui/text-field.tsx';
import './email-sending.css';

type EmailDraft = components['schemas']['EmailDraft'];
type EmailPreview = components['schemas']['EmailPreview'];

/** spec §5: when an impersonator has not typed the coach's address (said at the field). */
export const COACH_EMAIL_REQUIRED = 'Please enter email address';

export type SendFrom = 'server' | 'own';

/** The request's sending options: `serverSend`, and the typed coach address in an impersonator's session (§4.3, §6). */
export function sendOptions(sendFrom: SendFrom, session: Session, coachEmail: string) {
  return { serverSend: sendFrom === 'server', ...(session.roles.impersonator ? { coachEmailAddress: coachEmail.trim() } : {}) };
}

/**
 * An impersonator's coach address (the coach's own to start with) and its check before a send or a preview: when it
 * is empty, the spec's text at the field (the form's field-error pattern), which takes the focus. A coach has none.
 */
export function useCoachEmail(session: Session) {
  const [value, setValue] = useState(session.roles.impersonator ? session.coach.email : '');
  const [missing, setMissing] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  // After the render that marks it.
  useEffect(() => {
    if (focusRequest > 0) box.current?.querySelector('input')?.focus();
  }, [focusRequest]);
  return {
    value,
    /** Whether the address is there (always, for a coach); else it is said at the field and false. */
    given: (): boolean => {
      if (!session.roles.impersonator || value.trim() !== '') return true;
      setMissing(true);
      setFocusRequest((count) => count + 1);
      return false;
    },
    field: session.roles.impersonator ? (
      <div ref={box}>
        <TextField
          label="Coach email address"
          type="email"
          value={value}
          onChange={(next) => {
            setValue(next);
            setMissing(false);
          }}
          maxLength={254}
          isInvalid={missing}
          errorMessage={missing ? COACH_EMAIL_REQUIRED : undefined}
          description="As you act for the coach, the emails go to this address, not to the clients."
        />
      </div>
    ) : null,
  };
}

export interface EmailPreviewProps {
  /** What the e-mail is, e.g. 'the invite' (said above the e-mail). */
  what: string;
  /** How many e-mails would go out; the preview shows one of them. */
  count: number;
  /** The e-mail, once it is there. */
  email: EmailPreview | null | undefined;
  onBack: () => void;
  /** Shown above the e-mail: e.g. 'Generating email...' and the server's refusal. */
  status?: ReactNode;
  /** Classes besides `email-preview__body` for the e-mail's frame. */
  bodyClassName?: string;
}

/**
 * The Preview's content: one representative e-mail as it would be sent (§4.3; coach-shell §9), its HTML sanitised,
 * and Back. Inside the caller's own dialog when that dialog stays open across its steps (the Pairs' Send Reports).
 */
export function EmailPreviewContent({ what, count, email, onBack, status, bodyClassName }: EmailPreviewProps) {
  return (
    <div className="stack">
      {status}
      {email ? (
        <>
          <p>{count > 1 ? `One of the ${count} emails, as ${what} will be sent:` : `The email, as ${what} will be sent:`}</p>
          <dl className="email-preview__meta">
            <dt>To</dt>
            <dd>{email.emailAddress}</dd>
            <dt>Subject</dt>
            <dd>{email.subject}</dd>
          </dl>
          <section
            className={bodyClassName ? `email-preview__body ${bodyClassName}` : 'email-preview__body'}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling body must be reachable by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
            aria-label="Email body"
          >
            <SafeHtml html={email.body} />
          </section>
        </>
      ) : null}
      <div className="dialog__actions">
        <Button autoFocus onPress={onBack}>
          Back
        </Button>
      </div>
    </div>
  );
}

/** Preview: the e-mail in a dialog of its own (Esc goes back). */
export function EmailPreviewDialog(props: EmailPreviewProps) {
  return (
    <Dialog title="Preview" isOpen onOpenChange={(open) => (open ? undefined : props.onBack())}>
      <EmailPreviewContent {...props} />
    </Dialog>
  );
}

const mailto = (draft: EmailDraft) =>
  `mailto:${draft.emailAddress}?subject=${encodeURIComponent(draft.subject)}&body=${encodeURIComponent(draft.body)}`;

/** The drafts to open in the coach's own e-mail client (`serverSend` false), after a send's summary; none: nothing. */
export function EmailDraftLinks({ drafts }: { drafts: readonly EmailDraft[] }) {
  if (drafts.length === 0) return null;
  return (
    <ul className="email-drafts">
      {drafts.map((draft) => (
        <li key={draft.id}>
          <a className="link" href={mailto(draft)}>{`Open the email to ${draft.name} in your email client`}</a>
        </li>
      ))}
    </ul>
  );
}
