// The rules every e-mail action shares (spec assessments-and-clients §4.3, §5 "Sending and downloading reports",
// §6, §8): invites, reminders, report e-mails and pair report e-mails alike.
import { failed, problem } from '../problem.ts';
import type { SessionRecord } from '../session/session-record.ts';

// spec assessments-and-clients §5 "Sending and downloading reports"; §4.3.
export const EMAIL_MESSAGES = {
  coachEmailRequired: 'Please enter email address',
  // The contract names this code without a text; this is the BFF's.
  impersonatorOnly: 'Only an administrator acting as the coach can send to another e-mail address.',
} as const;

/** `coachEmailAddress` belongs to an impersonator's session, and there it is required (spec §4.3, §6). */
export function destinationOf(session: SessionRecord, coachEmailAddress: string | undefined): string | null {
  if (!session.flags.impersonator) {
    if (coachEmailAddress !== undefined) throw problem(403, 'impersonator_only', EMAIL_MESSAGES.impersonatorOnly);
    return null;
  }
  if (!coachEmailAddress) throw failed(400, 'coach_email_required', EMAIL_MESSAGES.coachEmailRequired);
  return coachEmailAddress;
}

/** spec §8: "{name} send failed with {error}", for invites, reminders and report e-mails (a batch's failure message). */
export const sendFailed = (item: { name: string }, reason: { message: string }): string =>
  `${item.name} send failed with ${reason.message}`;
