// The sandbox-only completion control: the assessment completes as its client would complete it (results, marking as
// its type needs), as the legacy list then answers it; an unknown or already completed assessment is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { COMPLETIONS_PATH } from './completions.ts';

describe('POST /__sandbox/completions (an assessment completed as its client would)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const complete = (assessmentId: unknown) => sandbox.app.inject({ method: 'POST', url: COMPLETIONS_PATH, payload: { assessmentId } });
  const incomplete = (type: 'ennea' | 'EIT' | 'full') => {
    const found = ownAssessments(sandbox.store, SEED_COACHES.demo.uuid).find(
      (a) => a.assessmentType === type && a.guestCompletedAt === null && a.userInvite === 1,
    );
    if (!found) throw new Error(`the seed has no incomplete ${type}`);
    return found;
  };
  const listed = async (uuid: string) => {
    const cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
    const answer = await injectLegacy(sandbox.app, {
      method: 'GET',
      url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}/tokensX`,
      headers: { cookie },
    });
    return (answer.json() as { uuid: string }[]).find((a) => a.uuid === uuid);
  };

  it('completes an Enneagram with results, marked at once, as the legacy list then shows it', async () => {
    const assessment = incomplete('ennea');
    expect((await complete(assessment.uuid)).statusCode).toBe(204);
    expect(await listed(assessment.uuid)).toMatchObject({
      userRegistration: 1,
      userCompletion: 1,
      guestCompletedAt: '2025-11-20 10:00:00',
      marked: 1,
      userEnnea: expect.any(Number),
      userTriType: expect.stringMatching(/^[1-9]{3}$/),
      userInstinct: expect.stringMatching(/^S[PXO]$/),
    });
  });

  it('leaves a Maturity and a Combined complete in marking, without a score; the Combined with its Enneagram results', async () => {
    for (const [type, userEnnea] of [
      ['EIT', null],
      ['full', expect.any(Number)],
    ] as const) {
      const assessment = incomplete(type);
      expect((await complete(assessment.uuid)).statusCode).toBe(204);
      expect(await listed(assessment.uuid)).toMatchObject({
        userCompletion: 1,
        guestCompletedAt: '2025-11-20 10:00:00',
        marked: 0,
        finalTPR: null,
        userEnnea,
      });
    }
  });

  it('refuses an unknown id and an assessment already complete', async () => {
    expect((await complete('no-such-assessment')).statusCode).toBe(400);
    expect((await complete(undefined)).statusCode).toBe(400);
    const assessment = incomplete('full');
    await complete(assessment.uuid);
    const again = await complete(assessment.uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { info: 'The assessment is already complete.' } });
  });
});
