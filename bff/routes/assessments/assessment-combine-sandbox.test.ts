// combineAssessments against the stateful sandbox legacy API: a completed Enneagram and a marked, completed Maturity
// assessment of one client become a Combined one; the spec's refusals come before any legacy call; the legacy
// refusal of an unmarked Maturity assessment is passed on. Every answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import type { AssessmentRecord } from '../../../sandbox/state/model.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { COMBINE_MESSAGES } from './assessment-combine-service.ts';

let bff: SandboxBff;
let session: string;

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 60 }));
});
afterAll(() => bff?.close());

const combine = (enneagramAssessmentId: string, maturityAssessmentId: string) =>
  injectChecked(bff.server, {
    method: 'POST',
    url: '/api/assessments/combinations',
    headers: CSRF,
    payload: { enneagramAssessmentId, maturityAssessmentId },
    cookies: { [SESSION_COOKIE]: session },
  });
const own = (type: string) =>
  [...bff.store.assessments.values()].filter(
    (a) => a.coachUUID === SEED_COACHES.demo.uuid && a.assessmentType === type && a.guestCompletedAt,
  );

/** Two completed assessments of the demo coach, made one client's (the arrangement the test needs). */
function pair(): { enneagram: AssessmentRecord; maturity: AssessmentRecord } {
  const enneagram = own('ennea').find((a) => a.userEnnea !== null);
  const maturity = own('EIT').find((a) => a.marked === 1);
  if (!enneagram || !maturity) throw new Error('seed: no completed Enneagram or marked Maturity assessment');
  return { enneagram, maturity };
}

describe('combineAssessments', () => {
  it("refuses two clients' assessments, then combines them once they are one client's", async () => {
    const { enneagram, maturity } = pair();
    if (enneagram.clientUUID !== maturity.clientUUID) {
      const different = await combine(enneagram.uuid, maturity.uuid);
      expect(different.json()).toMatchObject({ code: 'different_clients', detail: COMBINE_MESSAGES.differentClients });
      maturity.clientUUID = enneagram.clientUUID;
    }
    const before = bff.store.assessments.size;
    const response = await combine(enneagram.uuid, maturity.uuid);
    expect(response.statusCode).toBe(200);
    expect(Date.parse(response.json().completedAt)).not.toBeNaN();
    expect(bff.store.assessments.size).toBe(before + 1);
  });

  it('refuses the same assessment twice, the parts the wrong way round and an unmarked Maturity assessment', async () => {
    const { enneagram, maturity } = pair();
    expect((await combine(enneagram.uuid, enneagram.uuid)).json()).toMatchObject({
      code: 'same_assessment_type',
      detail: COMBINE_MESSAGES.sameType,
    });
    expect((await combine(maturity.uuid, enneagram.uuid)).json().code).toBe('same_assessment_type');
    maturity.marked = 0;
    const unmarked = await combine(enneagram.uuid, maturity.uuid);
    expect(unmarked.statusCode).toBe(400);
    expect(unmarked.json()).toMatchObject({ code: 'combine_failed', detail: 'The Maturity assessment has not been marked yet.' });
    maturity.marked = 1;
  });

  it('refuses a Combined assessment for either part: one Enneagram and one Maturity assessment must be chosen', async () => {
    const { enneagram, maturity } = pair();
    const full = own('full').find((a) => a.clientUUID !== null);
    if (!full) throw new Error('seed: no completed Combined assessment');
    const clientUUID = full.clientUUID;
    full.clientUUID = enneagram.clientUUID;
    maturity.clientUUID = enneagram.clientUUID;
    try {
      for (const [first, second] of [
        [full, maturity],
        [enneagram, full],
      ] as const) {
        expect((await combine(first.uuid, second.uuid)).json()).toMatchObject({
          code: 'same_assessment_type',
          detail: COMBINE_MESSAGES.sameType,
        });
      }
    } finally {
      full.clientUUID = clientUUID;
    }
  });

  it('refuses an incomplete assessment', async () => {
    const { enneagram, maturity } = pair();
    const completedAt = maturity.guestCompletedAt;
    maturity.guestCompletedAt = null;
    expect((await combine(enneagram.uuid, maturity.uuid)).json()).toMatchObject({
      code: 'assessments_incomplete',
      detail: COMBINE_MESSAGES.incomplete,
    });
    maturity.guestCompletedAt = completedAt;
  });
});
