// editAssessments against a legacy stand-in that answers what each test tells it: the exact legacy calls (token
// fields per assessment, client fields once per client), a failed item reported by name, a 403 ending the session.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import { legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';

let bff: FaultBff;
afterEach(() => bff?.close());

const token = (n: number) => `PATCH /api/v2/tokens/${legacyAssessmentId(n)}`;
const edit = (payload: object) =>
  injectChecked(bff.server, {
    method: 'PATCH',
    url: '/api/assessments',
    headers: CSRF,
    payload,
    cookies: { [SESSION_COOKIE]: bff.session },
  });
const sameClient = (n: number) => legacyAssessment(n, { clientUUID: 'c1e00000-0000-4000-8000-000000000001' });

describe('editAssessments', () => {
  it('sends the token fields per assessment and the client fields once per client', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [sameClient(1), sameClient(2)] });
    bff.upstream.answer(token(1), { status: 200, json: {} });
    bff.upstream.answer(token(2), { status: 200, json: {} });
    bff.upstream.answer('PATCH /api/v2/clients/c1e00000-0000-4000-8000-000000000001', { status: 200, json: {} });
    const response = await edit({ ids: [1, 2].map(legacyAssessmentId), reportsToAutoSend: [], surname: 'Whitfield' });
    expect(response.json().succeeded).toBe(2);
    expect(JSON.parse(bff.calls(token(1))[0]?.body ?? '')).toEqual({ reportsToAutoSend: '-' });
    const clientCalls = bff.upstream.received.filter((call) => call.url.startsWith('/api/v2/clients/'));
    expect(clientCalls.map((call) => JSON.parse(call.body))).toEqual([{ surname: 'Whitfield' }]);
  });

  it('sends an emptied project, company and other data as the legacy empty string, and other data changed', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [sameClient(1)] });
    bff.upstream.answer(token(1), { status: 200, json: {} }, { status: 200, json: {} });
    bff.upstream.answer('PATCH /api/v2/clients/c1e00000-0000-4000-8000-000000000001', { status: 200, json: {} }, { status: 200, json: {} });
    const cleared = await edit({ ids: [legacyAssessmentId(1)], project: '', company: '', otherData: '' });
    expect(cleared.json().succeeded).toBe(1);
    expect(JSON.parse(bff.calls(token(1))[0]?.body ?? '')).toEqual({ userCoach: '' });
    const changed = await edit({ ids: [legacyAssessmentId(1)], otherData: 'Prefers Tuesdays' });
    expect(changed.json().succeeded).toBe(1);
    const clientCalls = bff.upstream.received.filter((call) => call.url.startsWith('/api/v2/clients/'));
    expect(clientCalls.map((call) => JSON.parse(call.body))).toEqual([{ company: '', otherData: '' }, { otherData: 'Prefers Tuesdays' }]);
  });

  it('reports a failed assessment by name with the legacy info or "Update failed for {name}."', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1), legacyAssessment(2), legacyAssessment(3)] });
    bff.upstream.answer(token(1), { status: 400, json: { error: { info: 'Language not offered' } } });
    bff.upstream.answer(token(2), { status: 503 });
    bff.upstream.answer(token(3), { status: 200, json: {} });
    const response = await edit({ ids: [1, 2, 3].map(legacyAssessmentId), language: 'korean' });
    expect(response.json()).toMatchObject({
      total: 3,
      succeeded: 1,
      failed: [
        { name: 'Client1 Person1', message: 'Language not offered' },
        { name: 'Client2 Person2', message: 'Update failed for Client2 Person2.' },
      ],
    });
  });

  it('ends the session on a legacy 403 and says what was not attempted', async () => {
    bff = await startFaultBff({ env: { BATCH_CONCURRENCY: '1' } });
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1), legacyAssessment(2)] });
    bff.upstream.answer(token(1), { status: 403 });
    const response = await edit({ ids: [1, 2].map(legacyAssessmentId), project: 'P' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_ended');
    // The refused one was not done either: both can be sent again after signing in.
    expect(response.json().batch.notAttemptedIds).toEqual([1, 2].map(legacyAssessmentId));
    expect(bff.calls(token(2))).toEqual([]);
  });
});
