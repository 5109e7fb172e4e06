import type { AssessmentType, EmailTemplateName } from './types.ts';

// spec coach-shell §2.5: the seven templates and their documented placeholders.
export const EMAIL_TEMPLATE_NAMES: readonly EmailTemplateName[] = [
  'ennea_invite',
  'imf_invite',
  'full_invite',
  'send_reports',
  'send_reports_pair',
  'self_register',
  'self_register_send_reports',
];

export const PLACEHOLDERS = [
  'guestemail',
  'guestname',
  'guestsurname',
  'coachname',
  'coachsurname',
  'coachemail',
  'reportlinks',
  'assessmentlink',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const signature = '\n\nKind regards,\n{coachname} {coachsurname}\n{coachemail}';

const invite = (assessment: string, extra: string): string =>
  `Dear {guestname},\n\nI would like to invite you to complete the ${assessment} assessment. ${extra}\n\n` +
  'Please open the link below to register and begin. Find a quiet moment: the assessment takes roughly 10 to 40 minutes, ' +
  'and there are no right or wrong answers.\n\n{assessmentlink}\n\n' +
  'If the link does not open, copy it into your browser. Your answers are confidential and are shared only with me.' +
  signature;

export const DEFAULT_TEMPLATES: Readonly<Record<EmailTemplateName, string>> = {
  ennea_invite: invite('Enneagram', 'It describes your personality style, your instinctual focus and how you tend to see the world.'),
  imf_invite: invite(
    'Maturity',
    'It explores how you make sense of yourself and others. Once you have completed it, it is scored by hand, which takes up to 5 working days.',
  ),
  full_invite: invite(
    'Combined',
    'It brings together the Enneagram and the Maturity assessments. The Maturity part is scored by hand, which takes up to 5 working days.',
  ),
  send_reports:
    'Dear {guestname},\n\nThank you for completing your assessment. Your reports are ready; please open them with the links below:\n\n' +
    '{reportlinks}\n\nI look forward to talking them through with you. Please keep the links to yourself: they lead to your personal results.' +
    signature,
  send_reports_pair:
    'Dear {guestname},\n\nYour pair report is ready. Please open it with the link below:\n\n{reportlinks}\n\n' +
    'It looks at how your styles meet and where they differ. I look forward to exploring it with you both.' +
    signature,
  self_register:
    'Dear {guestname},\n\nThank you for registering for the Enneagram assessment. Your payment has been received and your assessment is ready.\n\n' +
    'Please open the link below to begin. It takes roughly 10 to 40 minutes:\n\n{assessmentlink}\n\n' +
    'Your results will be shared with your coach, {coachname} {coachsurname}, who will be in touch to discuss them.' +
    signature,
  self_register_send_reports:
    'Dear {guestname},\n\nThank you for completing the Enneagram assessment. Your report is ready:\n\n{reportlinks}\n\n' +
    'Your coach, {coachname} {coachsurname}, has received your results too and will be in touch.' +
    signature,
};

const SUBJECTS: Readonly<Record<EmailTemplateName, string>> = {
  ennea_invite: 'Your Enneagram assessment from {coachname} {coachsurname}',
  imf_invite: 'Your Maturity assessment from {coachname} {coachsurname}',
  full_invite: 'Your Combined assessment from {coachname} {coachsurname}',
  send_reports: 'Your assessment reports from {coachname} {coachsurname}',
  send_reports_pair: 'Your pair report from {coachname} {coachsurname}',
  self_register: 'Your Enneagram assessment is ready',
  self_register_send_reports: 'Your Enneagram report is ready',
};

const REMINDER_OPENING = 'This is a friendly reminder that your assessment is still waiting for you.\n\n';

export function defaultTemplate(name: EmailTemplateName): string {
  return DEFAULT_TEMPLATES[name];
}

/** The invite template for an assessment (spec coach-shell §2.5); self-registered clients get the self_register text. */
export function inviteTemplateName(type: AssessmentType, selfRegistered = false): EmailTemplateName {
  if (selfRegistered) return 'self_register';
  if (type === 'EIT') return 'imf_invite';
  return type === 'full' ? 'full_invite' : 'ennea_invite';
}

export function reportTemplateName(kind: 'assessment' | 'pair', selfRegistered = false): EmailTemplateName {
  if (kind === 'pair') return 'send_reports_pair';
  return selfRegistered ? 'self_register_send_reports' : 'send_reports';
}

export type ReportLinkEntry = { name: string; url: string };

export type PlaceholderValues = Partial<Record<Exclude<Placeholder, 'reportlinks'>, string>> & { reportlinks?: readonly ReportLinkEntry[] };

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const PLACEHOLDER_PATTERN = /\{([a-z]+)\}/g;
const isPlaceholder = (key: string): key is Placeholder => (PLACEHOLDERS as readonly string[]).includes(key);

/** Plain text, for the coach's own e-mail client; unknown placeholders stay as typed. */
export function renderText(template: string, values: PlaceholderValues): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, key: string) => {
    if (!isPlaceholder(key)) return whole;
    if (key === 'reportlinks') return (values.reportlinks ?? []).map((link) => `${link.name}: ${link.url}`).join('\n');
    return values[key] ?? '';
  });
}

/** HTML, as the provider's server sends it: values escaped, links clickable, line breaks kept. */
export function renderHtml(template: string, values: PlaceholderValues): string {
  const link = (url: string, text: string): string => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;
  const parts = template.split(PLACEHOLDER_PATTERN);
  // split with one capture group alternates literal text and placeholder names.
  const html = parts
    .map((part, index) => {
      if (index % 2 === 0) return escapeHtml(part);
      if (!isPlaceholder(part)) return escapeHtml(`{${part}}`);
      if (part === 'reportlinks') return (values.reportlinks ?? []).map((entry) => link(entry.url, entry.name)).join('<br>');
      if (part === 'assessmentlink' && values.assessmentlink) return link(values.assessmentlink, values.assessmentlink);
      return escapeHtml(values[part] ?? '');
    })
    .join('');
  return `<p>${html
    .split(/\n{2,}/)
    .join('</p><p>')
    .replaceAll('\n', '<br>')}</p>`;
}

export type RenderedEmail = { subject: string; body: string; text: string };

/** spec assessments-and-clients §4.3: an invite to someone invited before is a reminder. */
export function renderEmail(name: EmailTemplateName, template: string, values: PlaceholderValues, isReminder = false): RenderedEmail {
  const subjectTemplate = isReminder ? `Reminder: ${SUBJECTS[name]}` : SUBJECTS[name];
  const bodyTemplate = isReminder
    ? template.replace(/^(Dear \{guestname\},\n\n)?/, (greeting) => `${greeting}${REMINDER_OPENING}`)
    : template;
  return {
    subject: renderText(subjectTemplate, values),
    body: renderHtml(bodyTemplate, values),
    text: renderText(bodyTemplate, values),
  };
}

/** Placeholders that the template uses but the coach mistyped (not one of the documented ones). */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] ?? '').filter((key) => !isPlaceholder(key));
}
