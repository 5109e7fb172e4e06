import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../files/read-back.ts';
import { SEED_COACHES } from '../seed/accounts.ts';
import type { AssessmentRecord } from '../state/model.ts';
import { ownAssessments } from '../state/store.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;

describe('sending and downloading reports (spec assessments-and-clients §4.5, §4.6, §7)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const send = (uuid: string, query: string, payload: object, as = cookie) =>
    injectLegacy(sandbox.app, { method: 'POST', url: `/api/v3/tokens/${uuid}/reports?${query}`, headers: { cookie: as }, payload });
  const download = (url: string) => injectLegacy(sandbox.app, { method: 'GET', url, headers: { cookie } });
  const find = (predicate: (a: AssessmentRecord) => boolean): AssessmentRecord => {
    const found = ownAssessments(sandbox.store, demo).find(predicate);
    if (!found) throw new Error('no seeded assessment matches');
    return found;
  };

  it('previews, then sends the chosen reports: flags the report sent and records the history', async () => {
    const assessment = find((a) => a.assessmentType === 'ennea' && a.guestCompletedAt !== null && a.userReport === null);
    const preview = await send(assessment.uuid, 'serverSend=true&forPreview=true', { reports: ['clientSummary', 'basic'] });
    expect(preview.json()).toMatchObject({ sent: false, subject: 'Your assessment reports from Amara Nkosi' });
    expect(preview.json().body).toContain('Enneagram Overview');
    expect(assessment.userReport).toBeNull();
    const sent = await send(assessment.uuid, 'serverSend=true', { reports: ['clientSummary', 'basic'], useClientEmailAddress: true });
    expect(sent.json()).toMatchObject({ sent: true });
    expect(assessment.userReport).toBe('sent');
    expect(assessment.reportHistory.at(-1)).toMatchObject({ sentViaServer: 1, reportList: 'clientSummary,basic' });
    const history = await download(`/api/v2/tokens/${assessment.uuid}/sentReportHistory`);
    expect(history.json().at(-1).reportList).toBe('clientSummary,basic');
  });

  it('prepares the e-mail as plain text for the coach’s own e-mail client', async () => {
    const assessment = find((a) => a.assessmentType === 'ennea' && a.guestCompletedAt !== null);
    const prepared = await send(assessment.uuid, 'serverSend=false', { reports: ['basic'] });
    expect(prepared.json().sent).toBe(false);
    expect(prepared.json().body).not.toContain('<p>');
  });

  it('refuses reports that are not available for the assessment (§4.5)', async () => {
    const unmarked = find((a) => a.assessmentType === 'EIT' && a.guestCompletedAt !== null && a.marked === 0);
    expect((await send(unmarked.uuid, 'serverSend=true', { reports: ['imf'] })).json()).toEqual({
      error: { info: 'The Maturity Report is waiting for marking.' },
    });
    const enneagram = find((a) => a.assessmentType === 'ennea' && a.guestCompletedAt !== null);
    expect((await send(enneagram.uuid, 'serverSend=true', { reports: ['foundation'] })).json()).toEqual({
      error: { info: 'The Combined Report is not applicable to this assessment.' },
    });
  });

  it('sends to the typed coach address when impersonating, and asks for one', async () => {
    const assessment = find((a) => a.assessmentType === 'ennea' && a.guestCompletedAt !== null);
    const session = sandbox.store.sessions.get(cookie.split('=')[1] ?? '');
    if (!session) throw new Error('no session');
    session.impersonatorUuid = SEED_COACHES.admin.uuid;
    try {
      expect((await send(assessment.uuid, 'serverSend=true', { reports: ['basic'] })).json()).toEqual({
        error: { info: 'Please enter email address' },
      });
      const sent = await send(assessment.uuid, 'serverSend=true', { reports: ['basic'], destinationEmailAddress: 'coach@example.test' });
      expect(sent.json().emailAddress).toBe('coach@example.test');
      expect(sandbox.store.outbox.at(-1)?.to).toBe('coach@example.test');
    } finally {
      session.impersonatorUuid = null;
    }
  });

  it('downloads an available report as a real PDF and as HTML, and refuses an unavailable one', async () => {
    const full = find((a) => a.assessmentType === 'full' && a.marked === 1 && a.guestCompletedAt !== null);
    const pdf = await download(`/publish/reports/coach/foundation/${demo}/${full.uuid}?pdf=1`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="Combined Report - /);
    expect(pdfTextLines(pdf.rawPayload).join('\n')).toContain('Combined result');
    const html = await download(`/publish/reports/coach/imf/${demo}/${full.uuid}`);
    expect(html.body).toContain('<h1>Maturity Report - ');
    const open = find((a) => a.guestCompletedAt === null);
    const refused = await download(`/publish/reports/coach/basic/${demo}/${open.uuid}?pdf=1`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.info).toMatch(/is not complete\.$/);
  });
});
