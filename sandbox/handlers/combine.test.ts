import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import type { AssessmentRecord } from '../state/model.ts';
import { clientAssessments, ownAssessments } from '../state/store.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;

describe('combine (spec assessments-and-clients §5 "Combine", §7)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const combine = (bio: string, ennea: string, imf: string) =>
    injectLegacy(sandbox.app, { method: 'GET', url: `/api/v3/hybridise/${bio}/${ennea}/${imf}`, headers: { cookie } });
  const done = (a: AssessmentRecord) => a.guestCompletedAt !== null && a.marked === 1;
  const pairOfOneClient = () => {
    for (const ennea of ownAssessments(sandbox.store, demo)) {
      if (ennea.assessmentType !== 'ennea' || !done(ennea)) continue;
      const imf = clientAssessments(sandbox.store, ennea.clientUUID).find((a) => a.assessmentType === 'EIT' && done(a));
      if (imf) return { ennea, imf };
    }
    throw new Error('no client with a complete Enneagram and a marked Maturity');
  };

  it('creates a completed Combined record of token type hybrid from the chosen parts', async () => {
    const { ennea, imf } = pairOfOneClient();
    const before = clientAssessments(sandbox.store, ennea.clientUUID).length;
    const response = await combine(ennea.uuid, ennea.uuid, imf.uuid);
    const combined = clientAssessments(sandbox.store, ennea.clientUUID).at(-1);
    expect(clientAssessments(sandbox.store, ennea.clientUUID)).toHaveLength(before + 1);
    expect(combined).toMatchObject({ assessmentType: 'full', tokenType: 'hybrid', userEnnea: ennea.userEnnea, finalTPR: imf.finalTPR });
    expect(response.json()).toEqual({ guest: { completedAt: combined?.guestCompletedAt } });
    expect(ennea.parentedHybrid).toBe(1);
  });

  it('refuses two clients, incomplete assessments and the same type', async () => {
    const { ennea, imf } = pairOfOneClient();
    const other = ownAssessments(sandbox.store, demo).find(
      (a) => a.assessmentType === 'EIT' && done(a) && a.clientUUID !== ennea.clientUUID,
    );
    expect((await combine(ennea.uuid, ennea.uuid, other?.uuid ?? '')).json()).toEqual({
      error: { info: 'You are not allowed to combine 2 different clients.' },
    });
    expect((await combine(ennea.uuid, ennea.uuid, ennea.uuid)).json()).toEqual({
      error: { info: 'The assessments you want to combine are the same.' },
    });
    imf.guestCompletedAt = null;
    try {
      expect((await combine(ennea.uuid, ennea.uuid, imf.uuid)).json()).toEqual({ error: { info: 'Assessments are not complete.' } });
    } finally {
      imf.guestCompletedAt = ennea.guestCompletedAt;
    }
  });
});
