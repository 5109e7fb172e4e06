import type { components } from '../../../../generated/bff.ts';

export type EmailTemplateName = components['schemas']['EmailTemplateName'];
export type Placeholder = components['schemas']['EmailTemplate']['placeholders'][number];

/** The seven templates in the dropdown's order (spec coach-shell §2.5), with a readable name beside the spec's key. */
export const EMAIL_TEMPLATES: readonly { id: EmailTemplateName; label: string }[] = [
  { id: 'ennea_invite', label: 'Enneagram invite (ennea_invite)' },
  { id: 'imf_invite', label: 'Maturity invite (imf_invite)' },
  { id: 'full_invite', label: 'Combined invite (full_invite)' },
  { id: 'send_reports', label: 'Send reports (send_reports)' },
  { id: 'send_reports_pair', label: 'Send pair reports (send_reports_pair)' },
  { id: 'self_register', label: 'Self-registration invite (self_register)' },
  { id: 'self_register_send_reports', label: 'Self-registration reports (self_register_send_reports)' },
];

/** What each documented placeholder is replaced with when the e-mail is sent. */
export const PLACEHOLDER_MEANINGS: Readonly<Record<Placeholder, string>> = {
  guestname: "The client's first name",
  guestsurname: "The client's surname",
  guestemail: "The client's e-mail address",
  coachname: 'Your first name',
  coachsurname: 'Your surname',
  coachemail: 'Your e-mail address',
  assessmentlink: "The link to the client's assessment",
  reportlinks: 'The links to the reports sent',
};
