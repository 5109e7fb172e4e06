// Report e-mails (assessments and pairs): the coach's template or the default, rendered, then sent, prepared or previewed
// (spec assessments-and-clients §4.3, §7; coach-shell §2.5).

import { legacyDateTime } from '../domain/dates.ts';
import { defaultTemplate, type PlaceholderValues, renderEmail } from '../domain/email-templates.ts';
import type { EmailTemplateName } from '../domain/types.ts';
import type { CoachRecord, SessionRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';

export type EmailMode = { serverSend: boolean; forPreview: boolean };
export type EmailAnswer = { sent: boolean; error: null; emailAddress: string; subject: string; body: string };

export function composeEmail(
  store: Store,
  coach: CoachRecord,
  templateName: EmailTemplateName,
  values: PlaceholderValues,
  to: string,
  mode: EmailMode,
  now: number,
): EmailAnswer {
  const override = store.templateOverrides.find((entry) => entry.coachUuid === coach.uuid && entry.templateName === templateName);
  const email = renderEmail(templateName, override?.emailText ?? defaultTemplate(templateName), {
    coachname: coach.name,
    coachsurname: coach.surname,
    coachemail: coach.email,
    ...values,
  });
  // The server sends HTML; the coach's own e-mail client gets plain text (as for invites).
  const answer = { sent: false, error: null, emailAddress: to, subject: email.subject, body: mode.serverSend ? email.body : email.text };
  if (mode.forPreview || !mode.serverSend) return answer;
  store.outbox.push({ to, subject: email.subject, body: email.body, sentAt: legacyDateTime(new Date(now)) });
  return { ...answer, sent: true };
}

/**
 * spec assessments-and-clients §4.3: for an impersonator the e-mail goes to the coach address typed in, not the client;
 * a coach's own call may not redirect it.
 */
export function destinationFor(session: SessionRecord, clientEmail: string, destination: string | null | undefined): string {
  return session.impersonatorUuid !== null && destination ? destination : clientEmail;
}
