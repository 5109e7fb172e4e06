import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  defaultTemplate,
  EMAIL_TEMPLATE_NAMES,
  inviteTemplateName,
  PLACEHOLDERS,
  renderEmail,
  renderHtml,
  renderText,
  reportTemplateName,
  unknownPlaceholders,
} from './email-templates.ts';

const values = {
  guestname: 'Zuzana',
  guestsurname: 'Kovacova',
  guestemail: 'zuzana@example.test',
  coachname: 'Amara',
  coachsurname: 'Botha',
  coachemail: 'amara@bothacoaching.test',
  assessmentlink: 'https://legacy.coachportal.test/register/token?userToken=abc&x=1',
  reportlinks: [
    { name: 'Enneagram Report', url: 'https://legacy.coachportal.test/coachportal/reports/basic/1' },
    { name: 'Maturity Report', url: 'https://legacy.coachportal.test/coachportal/reports/imf/1' },
  ],
};

describe('default templates (spec coach-shell §2.5)', () => {
  it('has a default for each of the seven templates, using only documented placeholders', () => {
    expect(Object.keys(DEFAULT_TEMPLATES).sort()).toEqual([...EMAIL_TEMPLATE_NAMES].sort());
    for (const name of EMAIL_TEMPLATE_NAMES) {
      expect(defaultTemplate(name)).toContain('{guestname}');
      expect(unknownPlaceholders(defaultTemplate(name))).toEqual([]);
    }
  });

  it('puts the assessment link in invites and the report links in report e-mails', () => {
    for (const name of ['ennea_invite', 'imf_invite', 'full_invite', 'self_register'] as const)
      expect(DEFAULT_TEMPLATES[name]).toContain('{assessmentlink}');
    for (const name of ['send_reports', 'send_reports_pair', 'self_register_send_reports'] as const)
      expect(DEFAULT_TEMPLATES[name]).toContain('{reportlinks}');
  });

  it('documents the eight placeholders', () => {
    expect(PLACEHOLDERS).toHaveLength(8);
  });
});

describe('template choice', () => {
  it('picks the invite template by assessment type', () => {
    expect(inviteTemplateName('ennea')).toBe('ennea_invite');
    expect(inviteTemplateName('EIT')).toBe('imf_invite');
    expect(inviteTemplateName('full')).toBe('full_invite');
    expect(inviteTemplateName('ennea', true)).toBe('self_register');
  });

  it('picks the report template', () => {
    expect(reportTemplateName('assessment')).toBe('send_reports');
    expect(reportTemplateName('assessment', true)).toBe('self_register_send_reports');
    expect(reportTemplateName('pair')).toBe('send_reports_pair');
  });
});

describe('rendering', () => {
  it('fills every placeholder in text', () => {
    const text = renderText(
      '{guestname} {guestsurname} <{guestemail}> from {coachname} {coachsurname} ({coachemail}): {assessmentlink}',
      values,
    );
    expect(text).toBe(
      'Zuzana Kovacova <zuzana@example.test> from Amara Botha (amara@bothacoaching.test): https://legacy.coachportal.test/register/token?userToken=abc&x=1',
    );
  });

  it('lists report links one per line in text', () => {
    expect(renderText('{reportlinks}', values)).toBe(
      'Enneagram Report: https://legacy.coachportal.test/coachportal/reports/basic/1\nMaturity Report: https://legacy.coachportal.test/coachportal/reports/imf/1',
    );
  });

  it('leaves unknown placeholders as typed and blanks missing values', () => {
    expect(renderText('{guestnmae} {coachname}', {})).toBe('{guestnmae} ');
    expect(unknownPlaceholders('{guestnmae} {coachname}')).toEqual(['guestnmae']);
  });

  it('escapes values and links the URLs in HTML', () => {
    const html = renderHtml('Dear {guestname},\n\n{assessmentlink}\n{reportlinks}', { ...values, guestname: '<b>Zu</b>' });
    expect(html).toContain('Dear &lt;b&gt;Zu&lt;/b&gt;,');
    expect(html).toContain(
      '<a href="https://legacy.coachportal.test/register/token?userToken=abc&amp;x=1">https://legacy.coachportal.test/register/token?userToken=abc&amp;x=1</a>',
    );
    expect(html).toContain('<a href="https://legacy.coachportal.test/coachportal/reports/basic/1">Enneagram Report</a><br><a href=');
    expect(html.startsWith('<p>')).toBe(true);
    expect(html).toContain('</p><p>');
  });

  it('builds the invite subject and body', () => {
    const email = renderEmail('ennea_invite', defaultTemplate('ennea_invite'), values);
    expect(email.subject).toBe('Your Enneagram assessment from Amara Botha');
    expect(email.text.startsWith('Dear Zuzana,\n\nI would like to invite you to complete the Enneagram assessment.')).toBe(true);
    expect(email.text).toContain(values.assessmentlink);
    expect(email.body).toContain('Amara Botha');
  });

  it('marks a reminder in subject and body', () => {
    const email = renderEmail('imf_invite', defaultTemplate('imf_invite'), values, true);
    expect(email.subject).toBe('Reminder: Your Maturity assessment from Amara Botha');
    expect(
      email.text.startsWith('Dear Zuzana,\n\nThis is a friendly reminder that your assessment is still waiting for you.\n\nI would like'),
    ).toBe(true);
  });

  it('adds the reminder opening to a customised template without a greeting', () => {
    expect(renderEmail('ennea_invite', 'Hi! {assessmentlink}', values, true).text).toBe(
      `This is a friendly reminder that your assessment is still waiting for you.\n\nHi! ${values.assessmentlink}`,
    );
  });
});
