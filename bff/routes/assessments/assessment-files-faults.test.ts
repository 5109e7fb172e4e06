// downloadAssessmentReport and downloadMailingDetails against a legacy stand-in: the exact legacy calls (path
// order, pdf flag, language only for the Enneagram report), the file streamed through with the BFF's name,
// and every failure (a legacy 400 is download_failed with its error.info).
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';

const ID = legacyAssessmentId(1);
const MAILING = `POST /api/v2/coaches/${LEGACY_COACH_ID}/downloadMailingDetails`;
const report = (code: string) => `GET /publish/reports/coach/${code}/${LEGACY_COACH_ID}/${ID}`;
const COMPLETE = legacyAssessment(1, {
  clientName: 'Bence',
  clientSurname: 'Kovács',
  assessmentType: 'full',
  marked: 1,
  finalTPR: 4,
  userInstinct: 'SX',
  userEnnea: 8,
  userTriType: '368',
  guestCompletedAt: '2025-10-02 10:00:00',
  guestRegisteredAt: '2025-10-02 09:00:00',
});

let bff: FaultBff;
afterEach(async () => {
  await bff?.close();
});

const download = (url: string) => injectChecked(bff.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: bff.session } });
const mailing = (ids: string[]) =>
  injectChecked(bff.server, {
    method: 'POST',
    url: '/api/assessments/mailing-details',
    payload: { ids },
    headers: CSRF,
    cookies: { [SESSION_COOKIE]: bff.session },
  });

describe('downloadAssessmentReport', () => {
  it('fetches the PDF as report/coach/assessment with pdf=1 and the language of the Enneagram report, and names the file', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [COMPLETE] });
    bff.upstream.answer(report('basic'), {
      status: 200,
      text: '%PDF-1.7 bytes',
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="../../etc/x.pdf"' },
    });
    const response = await download(`/api/assessments/${ID}/reports/basic?language=hungarian`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('%PDF-1.7 bytes');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Bence-Kovacs-basic.pdf"; filename*=UTF-8''Bence-Kov%C3%A1cs-basic.pdf`,
    );
    const call = new URL(bff.calls(report('basic'))[0]?.url ?? '', 'http://x');
    expect(Object.fromEntries(call.searchParams)).toMatchObject({ pdf: '1', language: 'hungarian' });
    expect(bff.calls(report('basic'))[0]?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
  });

  it('sends no language for the other reports, and pdf=0 for HTML', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [COMPLETE] });
    bff.upstream.answer(report('imf'), { status: 200, text: '<html></html>', headers: { 'content-type': 'text/html' } });
    const response = await download(`/api/assessments/${ID}/reports/imf?format=html&language=hungarian`);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const query = Object.fromEntries(new URL(bff.calls(report('imf'))[0]?.url ?? '', 'http://x').searchParams);
    expect(query.pdf).toBe('0');
    expect(query.language).toBeUndefined();
  });

  it('makes no report call for a report the assessment does not offer', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1)] });
    expect((await download(`/api/assessments/${ID}/reports/basic`)).json().code).toBe('report_not_available');
    expect(bff.calls(report('basic'))).toHaveLength(0);
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a refusal', { status: 400, json: { error: { info: 'The report could not be generated.' } } }, 400, 'download_failed'],
    ['a 5xx', { status: 500 }, 502, 'upstream_error'],
    ['a 403', { status: 403 }, 401, 'session_ended'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s of the report call with the right problem', async (_name, answer, status, code) => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [COMPLETE] });
    bff.upstream.answer(report('imf'), answer);
    const response = await download(`/api/assessments/${ID}/reports/imf`);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    if (code === 'download_failed') expect(response.json().detail).toBe('The report could not be generated.');
  });
});

describe('downloadMailingDetails', () => {
  it('posts the selection as assessmentUUIDs and streams the spreadsheet as mailing-details.xlsx', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(MAILING, { status: 200, text: 'PK-bytes', headers: { 'content-disposition': 'attachment; filename="a b.xlsx"' } });
    const response = await mailing([ID, legacyAssessmentId(2)]);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('PK-bytes');
    expect(response.headers['content-disposition']).toBe('attachment; filename="mailing-details.xlsx"');
    expect(JSON.parse(bff.calls(MAILING)[0]?.body ?? '{}')).toEqual({ assessmentUUIDs: [ID, legacyAssessmentId(2)] });
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a refusal', { status: 400, json: { error: { info: 'Assessment not found.' } } }, 400, 'download_failed'],
    ['a 5xx', { status: 503 }, 502, 'upstream_error'],
    ['a 403', { status: 403 }, 401, 'session_ended'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s with the right problem', async (_name, answer, status, code) => {
    bff = await startFaultBff();
    bff.upstream.answer(MAILING, answer);
    const response = await mailing([ID]);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it('refuses an empty selection without a legacy call', async () => {
    bff = await startFaultBff();
    expect((await mailing([])).json().code).toBe('validation_failed');
    expect(bff.calls(MAILING)).toHaveLength(0);
  });
});
