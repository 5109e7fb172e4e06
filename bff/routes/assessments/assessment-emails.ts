// What Send Invites/Reminders and Send Reports share (spec assessments-and-clients §4.3, §5 "Sending and downloading
// reports", §8): the texts, one legacy e-mail answer read as sent or drafted, and the preview.
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { BatchItemError } from '../../batch/batch-errors.ts';
import type { Selected } from '../../domain/assessment-selection.ts';
import { EMAIL_MESSAGES } from '../../domain/emails.ts';
import { failed, NOT_FOUND_MESSAGE, UNEXPECTED_MESSAGE } from '../../problem.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';

type EmailSendResult = Legacy['schemas']['EmailSendResult'];
type EmailDraft = Bff['schemas']['EmailDraft'];
type EmailPreview = Bff['schemas']['EmailPreview'];

// spec assessments-and-clients §5 "Sending and downloading reports"; §4.3.
export const MESSAGES = {
  ...EMAIL_MESSAGES,
  reportRequired: 'Please select a report',
  ownEmailSingleOnly: "Can't send from your email address because more than one assessment has been selected.",
  // The contract names this code without a text; this is the BFF's.
  reportNotAvailable: 'None of the selected reports is available for this assessment.',
  unknownAssessment: NOT_FOUND_MESSAGE,
  // The contract names this code without a text; this is the BFF's (docs/decisions/010-an-impersonators-invites-are-drafts.md).
  impersonatorServerSend:
    "As you act for the coach, the provider's server cannot send invites: it would send them to the clients. Send from your email address instead; the invite opens addressed to the coach email address.",
} as const;

/** The legacy answer of one e-mail: sent by the server, or prepared for the coach's own e-mail client. */
export function emailOutcome(answer: EmailSendResult | undefined, error: unknown, serverSend: boolean): EmailSendResult {
  if (!answer) throw new BatchItemError('send_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  if (answer.error) throw new BatchItemError('send_failed', answer.error);
  if (serverSend && !answer.sent) throw new BatchItemError('send_failed', UNEXPECTED_MESSAGE);
  return answer;
}

/** The drafts of the items that succeeded, in selection order. */
export const inOrder = (items: readonly Selected[], drafts: Map<string, EmailDraft>): EmailDraft[] =>
  items.flatMap((item) => drafts.get(item.id) ?? []);

/** The draft of one item: to the impersonator's typed coach address when there is one (spec §4.3), else the legacy answer's. */
export const draftOf = (item: Selected, answer: EmailSendResult, destination: string | null = null): EmailDraft => ({
  id: item.id,
  name: item.name,
  emailAddress: destination ?? answer.emailAddress,
  subject: answer.subject,
  body: answer.body,
});

// spec §8: "Preview 400s show error.info".
export function previewOf(answer: EmailSendResult | undefined, error: unknown, destination: string | null): EmailPreview {
  if (!answer) throw failed(400, 'preview_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  if (answer.error) throw failed(400, 'preview_failed', answer.error);
  return { emailAddress: destination ?? answer.emailAddress, subject: answer.subject, body: answer.body };
}
