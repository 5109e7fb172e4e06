// downloadAssessmentReport and downloadMailingDetails against the stateful sandbox: the PDF or HTML report an
// assessment offers, streamed with a clean file name; a report it does not offer refused; the mailing details
// spreadsheet of the selection. Every answer checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';
import { MESSAGES } from './assessment-files-service.ts';

type Row = Legacy['schemas']['Assessment'];

let env: SandboxBff;
let session: string;
let rows: Row[];

const report = (id: string, code: string, query = '') =>
  injectChecked(env.server, {
    method: 'GET',
    url: `/api/assessments/${id}/reports/${code}${query}`,
    cookies: { [SESSION_COOKIE]: session },
  });

beforeAll(async () => {
  env = await startSandboxBff({ assessments: 80 });
  session = await env.signIn();
  const read = async (mode: string): Promise<Row[]> =>
    (
      await env.sandbox.inject({ url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}/tokensX${mode}`, headers: { cookie: env.legacyCookie } })
    ).json();
  rows = [...(await read('')), ...(await read('?mode=received'))];
});
afterAll(() => env?.close());

describe('GET /api/assessments/{id}/reports/{code} (downloadAssessmentReport)', () => {
  it("streams a complete Enneagram assessment's report as a PDF named after the client and the report", async () => {
    const row = rows.find((r) => r.assessmentType === 'ennea' && r.guestCompletedAt !== null && r.fromAnotherCoach === 0) as Row;
    const response = await report(row.uuid, 'basic');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[^"]+-basic\.pdf"/);
    expect(decodeURIComponent(disposition)).toContain(`${row.clientName}-${row.clientSurname}`.replace(/\s+/g, '-'));
  });

  it('answers the HTML version inline, for a received assessment too', async () => {
    const row = rows.find((r) => r.fromAnotherCoach === 1 && r.guestCompletedAt !== null && r.userInstinct !== null) as Row;
    const response = await report(row.uuid, 'basic', '?format=html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(String(response.headers['content-disposition'])).toMatch(/^inline; /);
    expect(response.body).toContain('<html');
  });

  it('refuses a report the assessment does not offer, and an assessment that is not the coach’s', async () => {
    const incomplete = rows.find((r) => r.guestCompletedAt === null) as Row;
    const refused = await report(incomplete.uuid, 'basic');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'report_not_available', detail: MESSAGES.reportNotAvailable });
    const ennea = rows.find((r) => r.assessmentType === 'ennea' && r.guestCompletedAt !== null) as Row;
    expect((await report(ennea.uuid, 'imf')).json().code).toBe('report_not_available');
    expect((await report('a55e55e0-0000-4000-8000-00000000dead', 'basic')).json().code).toBe('not_found');
  });
});

describe('POST /api/assessments/mailing-details (downloadMailingDetails)', () => {
  it('streams the spreadsheet of the selection as mailing-details.xlsx', async () => {
    const ids = rows.slice(0, 3).map((r) => r.uuid);
    const response = await injectChecked(env.server, {
      method: 'POST',
      url: '/api/assessments/mailing-details',
      payload: { ids },
      headers: CSRF,
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="mailing-details.xlsx"');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('answers the legacy refusal as download_failed', async () => {
    const response = await injectChecked(env.server, {
      method: 'POST',
      url: '/api/assessments/mailing-details',
      payload: { ids: ['a55e55e0-0000-4000-8000-00000000dead'] },
      headers: CSRF,
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'download_failed', detail: 'Assessment not found.' });
  });
});
