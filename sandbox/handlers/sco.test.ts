import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;
const peer = SEED_COACHES.peer.uuid;

describe('assessment SCO (spec assessments-and-clients §4.7, §8)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const post = (url: string, payload: object, as = cookie) =>
    injectLegacy(sandbox.app, { method: 'POST', url, headers: { cookie: as }, payload });
  const notGiven = () =>
    ownAssessments(sandbox.store, demo).filter((a) => !sandbox.store.scoGrants.some((g) => g.assessmentUuid === a.uuid));

  it('refuses an address that is not a registered coach with the spec message', async () => {
    const [first] = notGiven();
    const response = await post(`/api/v2/coaches/${demo}/assignSCO`, {
      secondaryCoachEmailAddress: 'stranger@example.test',
      assessmentUUIDs: [first?.uuid],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { info: "That email address is not associated with a coach registered on the provider's system" },
    });
  });

  it('gives assessments, counting only the newly given ones, and the receiver sees them read-only', async () => {
    const [first, second] = notGiven();
    const once = await post(`/api/v2/coaches/${demo}/assignSCO`, {
      secondaryCoachEmailAddress: SEED_COACHES.peer.email,
      assessmentUUIDs: [first?.uuid],
    });
    expect(once.json()).toMatchObject({ success: true, countOfNewlyGivenSCOs: 1 });
    const twice = await post(`/api/v2/coaches/${demo}/assignSCO`, {
      secondaryCoachEmailAddress: SEED_COACHES.peer.email,
      assessmentUUIDs: [first?.uuid, second?.uuid],
    });
    expect(twice.json()).toMatchObject({ success: true, countOfNewlyGivenSCOs: 1 });
    const peerCookie = await signIn(sandbox.app, SEED_COACHES.peer.email);
    const received = await injectLegacy(sandbox.app, {
      method: 'GET',
      url: `/api/v2/coaches/${peer}/tokensX?mode=received`,
      headers: { cookie: peerCookie },
    });
    expect(received.json().find((a: { uuid: string }) => a.uuid === first?.uuid)).toMatchObject({ fromAnotherCoach: 1 });
    const patch = await injectLegacy(sandbox.app, {
      method: 'PATCH',
      url: `/api/v2/tokens/${first?.uuid}`,
      headers: { cookie: peerCookie },
      payload: { coachWrappedUp: 1 },
    });
    expect(patch.statusCode).toBe(400);
  });

  it('refuses to pass on a received assessment', async () => {
    const grant = sandbox.store.scoGrants.find((entry) => entry.toCoachUuid === demo);
    const response = await post(`/api/v2/coaches/${demo}/assignSCO`, {
      secondaryCoachEmailAddress: SEED_COACHES.levelOne.email,
      assessmentUUIDs: [grant?.assessmentUuid],
    });
    expect(response.json().error.info).toBe(
      'Your selection includes assessments that were given to you by another coach. Please amend your selection and try again.',
    );
  });

  it('lets only the giving coach revoke', async () => {
    const received = sandbox.store.scoGrants.find((entry) => entry.toCoachUuid === demo);
    const refused = await post(`/api/v2/coaches/${demo}/revokeSCO`, { records: [{ uuid: received?.assessmentUuid, coachUUID: demo }] });
    expect(refused.json()).toEqual({ success: false, error: 'Only the coach who gave this record can revoke it.' });
    const given = sandbox.store.scoGrants.find((entry) => entry.fromCoachUuid === demo);
    const revoked = await post(`/api/v2/coaches/${demo}/revokeSCO`, { records: [{ uuid: given?.assessmentUuid, coachUUID: peer }] });
    expect(revoked.json()).toEqual({ success: true, error: null });
    expect(sandbox.store.scoGrants.some((entry) => entry.assessmentUuid === given?.assessmentUuid && entry.toCoachUuid === peer)).toBe(
      false,
    );
  });
});
