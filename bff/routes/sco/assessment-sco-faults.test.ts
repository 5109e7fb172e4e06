// Wrap / Unwrap, Assign SCO and Revoke SCO against a legacy stand-in that answers what each test tells it: the exact
// legacy calls (the bodies sent, nothing sent for a refused selection), a partial wrap-up reported by name, the
// legacy refusals as the dialogs' texts, a 403 ending the session.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import { legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';

const PEER = '7b1e2d3c-4a5b-4c6d-9e8f-1a2b3c4d5e6f';
const ASSIGN = `POST /api/v2/coaches/${LEGACY_COACH_ID}/assignSCO`;
const REVOKE = `POST /api/v2/coaches/${LEGACY_COACH_ID}/revokeSCO`;
const patchOf = (n: number) => `PATCH /api/v2/tokens/${legacyAssessmentId(n)}`;

let bff: FaultBff;
afterEach(() => bff?.close());

const post = (url: string, payload: object) =>
  injectChecked(bff.server, { method: 'POST', url, headers: CSRF, payload, cookies: { [SESSION_COOKIE]: bff.session } });

describe('setAssessmentsWrapped', () => {
  it('patches each assessment not yet in that state and reports a failed one by name', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1), legacyAssessment(2), legacyAssessment(3)] });
    bff.upstream.answer(patchOf(1), { status: 200, json: {} });
    bff.upstream.answer(patchOf(2), { status: 500 });
    bff.upstream.answer(patchOf(3), { status: 200, json: {} });
    const ids = [1, 2, 3].map(legacyAssessmentId);
    const response = await post('/api/assessments/wrap-ups', { ids, wrapped: true });
    expect(response.json()).toEqual({
      total: 3,
      succeeded: 2,
      failed: [
        {
          id: ids[1],
          name: 'Client2 Person2',
          code: 'upstream_error',
          message: 'Client2 Person2 wrapped up failed. Update failed for Client2 Person2.',
        },
      ],
      notAttempted: 0,
    });
    expect(JSON.parse(bff.calls(patchOf(1))[0]?.body ?? '')).toEqual({ coachWrappedUp: 1 });
  });

  it('sends nothing for a mixed selection', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1, { coachWrappedUp: 1 }), legacyAssessment(2)] });
    const response = await post('/api/assessments/wrap-ups', { ids: [1, 2].map(legacyAssessmentId), wrapped: false });
    expect(response.json().code).toBe('mixed_wrap_selection');
    expect(bff.upstream.received.filter((call) => call.method === 'PATCH')).toEqual([]);
  });
});

describe('assignAssessmentSco', () => {
  it('sends the address and the selection in one call and answers the newly given count', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1), legacyAssessment(2)] });
    bff.upstream.answer(ASSIGN, { status: 200, json: { success: true, message: 'Shared.', countOfNewlyGivenSCOs: 1 } });
    const ids = [1, 2].map(legacyAssessmentId);
    const response = await post('/api/assessments/sco-assignments', { ids, coachEmail: 'lukas.novak@coachportal.test' });
    expect(response.json()).toMatchObject({ total: 2, succeeded: 2, newlyGiven: 1, coachEmail: 'lukas.novak@coachportal.test' });
    expect(JSON.parse(bff.calls(ASSIGN)[0]?.body ?? '')).toEqual({
      secondaryCoachEmailAddress: 'lukas.novak@coachportal.test',
      assessmentUUIDs: ids,
    });
  });

  it('makes a legacy refusal the dialog’s text and a 403 the end of the session', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1)] });
    bff.upstream.answer(ASSIGN, { status: 200, json: { success: false, message: 'Already shared with that coach.' } }, { status: 403 });
    const refused = await post('/api/assessments/sco-assignments', { ids: [legacyAssessmentId(1)], coachEmail: 'a@b.test' });
    expect(refused.json()).toMatchObject({ code: 'sco_assign_failed', detail: 'Already shared with that coach.' });
    const ended = await post('/api/assessments/sco-assignments', { ids: [legacyAssessmentId(1)], coachEmail: 'a@b.test' });
    expect(ended.json().code).toBe('session_ended');
  });
});

describe('revokeAssessmentSco', () => {
  const given = (n: number) => legacyAssessment(n, { scoGivenTo: [{ uuid: PEER, name: 'Lukas', surname: 'Novak' }] });

  it('sends a record per assessment and coach; the legacy error is "SCO revoking failed: {error}"', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [given(1), given(2)] });
    bff.upstream.answer(REVOKE, { status: 200, json: { success: true } }, { status: 200, json: { success: false, error: 'Not yours' } });
    const ids = [1, 2].map(legacyAssessmentId);
    expect((await post('/api/assessments/sco-revocations', { ids })).json()).toEqual({
      total: 2,
      succeeded: 2,
      failed: [],
      notAttempted: 0,
    });
    expect(JSON.parse(bff.calls(REVOKE)[0]?.body ?? '')).toEqual({ records: ids.map((uuid) => ({ uuid, coachUUID: PEER })) });
    const refused = await post('/api/assessments/sco-revocations', { ids });
    expect(refused.json()).toMatchObject({ code: 'sco_revoke_failed', detail: 'SCO revoking failed: Not yours' });
  });

  it('says "SCO revoking failed: {error}" for a legacy refusal without a text and for a failed call alike', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [given(1)] });
    bff.upstream.answer(REVOKE, { status: 400, json: {} }, { status: 500 }, { status: 200, json: { success: false } });
    const ids = [legacyAssessmentId(1)];
    const refused = await post('/api/assessments/sco-revocations', { ids });
    expect(refused.json()).toMatchObject({
      status: 400,
      code: 'sco_revoke_failed',
      detail: 'SCO revoking failed: There was an unexpected error',
    });
    const broken = await post('/api/assessments/sco-revocations', { ids });
    expect(broken.json()).toMatchObject({
      status: 502,
      code: 'upstream_error',
      detail: 'SCO revoking failed: There was an unexpected error',
    });
    const unexplained = await post('/api/assessments/sco-revocations', { ids });
    expect(unexplained.json()).toMatchObject({ code: 'sco_revoke_failed', detail: 'SCO revoking failed: There was an unexpected error' });
  });

  it('sends nothing when an assessment was not given to the coach named', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [given(1), legacyAssessment(2)] });
    const response = await post('/api/assessments/sco-revocations', { ids: [1, 2].map(legacyAssessmentId) });
    expect(response.json().code).toBe('not_given');
    expect(bff.calls(REVOKE)).toEqual([]);
  });
});
