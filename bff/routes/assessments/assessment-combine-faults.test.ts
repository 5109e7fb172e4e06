// combineAssessments against a legacy stand-in that answers what each test tells it: the hybridise call made with
// the Enneagram assessment as the bio one, the legacy time mapped, a refusal passed on, a 5xx and a 403.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import { legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';

const CLIENT = 'c1e00000-0000-4000-8000-000000000001';
const done = { guestCompletedAt: '2025-08-20 10:00:00', clientUUID: CLIENT };
const HYBRIDISE = `GET /api/v3/hybridise/${legacyAssessmentId(1)}/${legacyAssessmentId(1)}/${legacyAssessmentId(2)}`;

let bff: FaultBff;
afterEach(() => bff?.close());

const combine = () =>
  injectChecked(bff.server, {
    method: 'POST',
    url: '/api/assessments/combinations',
    headers: CSRF,
    payload: { enneagramAssessmentId: legacyAssessmentId(1), maturityAssessmentId: legacyAssessmentId(2) },
    cookies: { [SESSION_COOKIE]: bff.session },
  });

describe('combineAssessments', () => {
  it('calls hybridise with the Enneagram assessment as the bio one and maps the completion time', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, {
      status: 200,
      json: [legacyAssessment(1, { ...done, assessmentType: 'ennea' }), legacyAssessment(2, { ...done, assessmentType: 'EIT' })],
    });
    bff.upstream.answer(
      HYBRIDISE,
      { status: 200, json: { guest: { completedAt: '2025-08-27 12:48:18' } } },
      { status: 400, json: { error: { info: 'Already combined.' } } },
      { status: 409, json: { error: { info: 'Already combined.' } } },
      { status: 500 },
      { status: 403 },
    );
    expect((await combine()).json()).toEqual({ completedAt: '2025-08-27T12:48:18Z' });
    expect((await combine()).json()).toMatchObject({ code: 'combine_failed', detail: 'Already combined.' });
    expect((await combine()).json()).toMatchObject({ status: 400, code: 'combine_failed', detail: 'Already combined.' });
    expect((await combine()).json().code).toBe('upstream_error');
    expect((await combine()).json().code).toBe('session_ended');
  });

  it('makes no legacy call for assessments of two clients', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, {
      status: 200,
      json: [
        legacyAssessment(1, { ...done, assessmentType: 'ennea' }),
        legacyAssessment(2, { guestCompletedAt: done.guestCompletedAt, assessmentType: 'EIT' }),
      ],
    });
    expect((await combine()).json().code).toBe('different_clients');
    expect(bff.calls(HYBRIDISE)).toEqual([]);
  });
});
