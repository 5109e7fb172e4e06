// listClients and getClient against a legacy stand-in: the exact legacy calls, the grouping of the coach's own
// assessments by client (received ones left out), and every failure.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type FaultBff, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';

const CLIENT = 'c1e00000-0000-4000-8000-000000000001';
const CLIENT_TOKENS = `GET /api/v2/clients/${CLIENT}/tokens`;

let bff: FaultBff;
afterEach(async () => {
  await bff?.close();
});

const get = (url: string) => injectChecked(bff.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: bff.session } });

describe('listClients', () => {
  it("groups the own assessments by client: first created, count, latest assessment; received ones' clients left out", async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, {
      status: 200,
      json: [
        legacyAssessment(1),
        legacyAssessment(2, { clientUUID: CLIENT, tokenCreatedAt: '2025-10-05 09:00:00', assessmentType: 'EIT', clientCompany: 'Karoo' }),
        legacyAssessment(3, { fromAnotherCoach: 1 }),
      ],
    });
    expect((await get('/api/clients')).json()).toEqual({
      items: [
        {
          id: CLIENT,
          name: 'Client2',
          surname: 'Person2',
          email: 'client2@example.test',
          company: 'Karoo',
          createdAt: '2025-10-01T09:00:00Z',
          assessmentCount: 2,
          latestAssessment: { id: legacyAssessmentId(2), assessmentType: 'EIT', createdAt: '2025-10-05T09:00:00Z' },
        },
      ],
      total: 1,
      filteredTotal: 1,
      page: 1,
      pageSize: 50,
    });
    expect(bff.calls(TOKENS_PATH)).toHaveLength(1);
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a 5xx', { status: 500 }, 502, 'upstream_error'],
    ['a 403', { status: 403 }, 401, 'session_ended'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s with the right problem', async (_name, answer, status, code) => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, answer);
    const response = await get('/api/clients');
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});

describe('getClient', () => {
  it("reads the client's tokens and answers the client with report links", async () => {
    bff = await startFaultBff();
    bff.upstream.answer(CLIENT_TOKENS, {
      status: 200,
      json: [
        legacyAssessment(1, {
          otherData: 'Referred',
          guestCompletedAt: '2025-10-02 10:00:00',
          userEnnea: 8,
          userTriType: '368',
          userInstinct: 'SX',
          assessmentLanguage: 'slovak',
        }),
        legacyAssessment(2, { tokenCreatedAt: '2025-10-09 09:00:00', clientUUID: CLIENT }),
      ],
    });
    const body = (await get(`/api/clients/${CLIENT}`)).json();
    expect(body).toMatchObject({ id: CLIENT, name: 'Client2', otherData: '', company: '' });
    expect(body.assessments.map((a: { id: string }) => a.id)).toEqual([legacyAssessmentId(2), legacyAssessmentId(1)]);
    expect(body.assessments[1].reportLinks).toEqual([
      {
        report: 'basic',
        format: 'html',
        language: 'slovak',
        languageCode: 'sk',
        url: `/coachportal/reports/e/${legacyAssessmentId(1)}?language=slovak`,
        download: false,
      },
      ...['enneaOverview', 'clientSummary', 'basic'].map((report) => ({
        report,
        format: 'pdf',
        language: report === 'basic' ? 'slovak' : 'english',
        languageCode: report === 'basic' ? 'sk' : 'en',
        url: `/api/assessments/${legacyAssessmentId(1)}/reports/${report}?format=pdf&language=${report === 'basic' ? 'slovak' : 'english'}`,
        download: true,
      })),
    ]);
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['no record of the coach', { status: 200, json: [legacyAssessment(1, { fromAnotherCoach: 1 })] }, 404, 'not_found'],
    ['an empty list', { status: 200, json: [] }, 404, 'not_found'],
    ['a refusal', { status: 400, json: { error: { info: 'Client not found.' } } }, 404, 'not_found'],
    ['a 5xx', { status: 500 }, 502, 'upstream_error'],
    ['not a list', { status: 200, json: {} }, 502, 'upstream_error'],
    ['a 403', { status: 403 }, 401, 'session_ended'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s with the right problem', async (_name, answer, status, code) => {
    bff = await startFaultBff();
    bff.upstream.answer(CLIENT_TOKENS, answer);
    const response = await get(`/api/clients/${CLIENT}`);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});
