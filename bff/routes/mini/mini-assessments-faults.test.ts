// The Mini-Assessments operations against a legacy stand-in that answers what each test tells it: the mapping of
// a legacy record (times, language, the report link), and the failures: a time the contract cannot carry or a
// 5xx is 502, a slow answer 504, a 403 ends the session, a refused spreadsheet is the 'Failed' alert's text.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';

const LIST = `GET /api/v2/coaches/${LEGACY_COACH_ID}/miniAssessments`;
const SHEET = `GET /api/v2/coaches/${LEGACY_COACH_ID}/miniAssessmentsSpreadsheet`;
const RECORD = {
  uniqueId: '3141f000-0000-4000-8000-000000000001',
  createdAt: '2025-10-21 08:12:44',
  localLanguage: 'slovak',
  name: 'Veronika',
  surname: 'Hudáková',
  email: 'veronika.hudakova@gmail.test',
  section2CompletedAt: '2025-10-21 08:26:03',
  ennea: 2,
  trifix: '261',
};

let bff: FaultBff;
afterEach(() => bff?.close());

const get = (url: string) => injectChecked(bff.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: bff.session } });

describe('listMiniAssessments', () => {
  it('maps a legacy record and finds it by a folded search', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(LIST, {
      status: 200,
      json: [
        RECORD,
        {
          ...RECORD,
          uniqueId: '3141f000-0000-4000-8000-000000000002',
          name: 'Marek',
          surname: 'Kováč',
          email: 'marek@example.sk',
          section2CompletedAt: null,
          ennea: null,
          trifix: null,
        },
      ],
    });
    const body = (await get('/api/mini-assessments?q=hudakova')).json();
    expect(body.items).toEqual([
      {
        uniqueId: RECORD.uniqueId,
        createdAt: '2025-10-21T08:12:44Z',
        language: 'slovak',
        name: 'Veronika',
        surname: 'Hudáková',
        email: 'veronika.hudakova@gmail.test',
        completedAt: '2025-10-21T08:26:03Z',
        ennea: 2,
        trifix: '261',
        reportUrl: `/coachportal/reports/${RECORD.uniqueId}`,
      },
    ]);
    expect(body).toMatchObject({ total: 2, filteredTotal: 1 });
  });

  it.each(['/api/mini-assessments', '/api/mini-assessments/export'])(
    '%s answers 502 for a time it cannot carry or a 5xx, 504 when too slow, 401 after a 403',
    async (path) => {
      bff = await startFaultBff();
      bff.upstream.answer(
        LIST,
        { status: 200, json: [{ ...RECORD, createdAt: 'soon' }] },
        { status: 500 },
        { fault: 'slow', delayMs: 1500 },
        { status: 403 },
      );
      expect((await get(path)).json().code).toBe('upstream_error');
      expect((await get(path)).json().code).toBe('upstream_error');
      expect((await get(path)).json().code).toBe('upstream_timeout');
      expect((await get(path)).json().code).toBe('session_ended');
    },
  );
});

describe('downloadMiniAssessmentsSpreadsheet', () => {
  it("streams the legacy file and makes a refusal's error info the alert's text", async () => {
    bff = await startFaultBff();
    bff.upstream.answer(
      SHEET,
      { status: 200, text: 'PK\u0003\u0004 workbook', headers: { 'content-type': 'application/octet-stream' } },
      { status: 400, json: { error: { info: 'No mini-assessments yet' } } },
      { status: 502 },
    );
    const ok = await get('/api/mini-assessments/spreadsheet');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(ok.body).toBe('PK\u0003\u0004 workbook');
    const refused = await get('/api/mini-assessments/spreadsheet');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'download_failed', detail: 'No mini-assessments yet' });
    expect((await get('/api/mini-assessments/spreadsheet')).json().code).toBe('upstream_error');
  });
});
