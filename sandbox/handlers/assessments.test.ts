import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { balanceOf } from '../state/views.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;

describe('assessments (spec assessments-and-clients §4, §7)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    sandbox.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const find = (predicate: (a: ReturnType<typeof ownAssessments>[number]) => boolean) => {
    const found = ownAssessments(sandbox.store, demo).find(predicate);
    if (!found) throw new Error('no seeded assessment matches');
    return found;
  };

  it('lists own, received and given assessments', async () => {
    const own = (await call('GET', `/api/v2/coaches/${demo}/tokensX`)).json();
    expect(own).toHaveLength(ownAssessments(sandbox.store, demo).length);
    const received = (await call('GET', `/api/v2/coaches/${demo}/tokensX?mode=received`)).json();
    expect(received).toHaveLength(6);
    expect(received[0]).toMatchObject({ fromAnotherCoach: 1, scoReceivedFrom: { uuid: SEED_COACHES.peer.uuid } });
    const given = (await call('GET', `/api/v2/coaches/${demo}/tokensX?mode=given`)).json();
    expect(given).toHaveLength(4);
    expect(given[0].scoGivenTo).toEqual([{ uuid: SEED_COACHES.peer.uuid, name: 'Naledi', surname: 'Khumalo' }]);
  });

  it('previews an invite without flagging it, then sends it and records the history', async () => {
    const assessment = find((a) => a.userInvite === 0 && a.guestCompletedAt === null);
    const client = sandbox.store.clients.get(assessment.clientUUID);
    const preview = await call('GET', `/api/v2/tokens/${assessment.uuid}/sendinvite?serverSend=true&forPreview=true`);
    expect(preview.json()).toMatchObject({ sent: false, emailAddress: client?.email });
    expect(preview.json().body).toContain(client?.name);
    expect(assessment.userInvite).toBe(0);
    const sent = await call('GET', `/api/v2/tokens/${assessment.uuid}/sendinvite?serverSend=true`);
    expect(sent.json()).toMatchObject({ sent: true });
    expect(assessment.userInvite).toBe(1);
    const again = await call('GET', `/api/v2/tokens/${assessment.uuid}/sendinvite?serverSend=true`);
    expect(again.json().subject).toMatch(/^Reminder: /);
    expect(assessment.reminded).toBe(1);
    const history = (await call('GET', `/api/v2/tokens/${assessment.uuid}/inviteHistory`)).json();
    expect(history.map((entry: { isReminder: number }) => entry.isReminder)).toEqual([0, 1]);
  });

  it('refuses to invite a completed assessment', async () => {
    const assessment = find((a) => a.guestCompletedAt !== null);
    expect((await call('GET', `/api/v2/tokens/${assessment.uuid}/sendinvite?serverSend=true`)).statusCode).toBe(400);
  });

  it('counts a copied link as invited', async () => {
    const assessment = find((a) => a.userInvite === 0);
    await call('GET', `/api/v2/tokens/${assessment.uuid}/copiedAssessmentLink`);
    expect(assessment.userInvite).toBe(1);
    expect(assessment.inviteHistory.at(-1)?.inviteType).toBe('link');
  });

  it('wraps and unwraps through PATCH', async () => {
    const assessment = find((a) => a.coachWrappedUp === 0);
    expect((await call('PATCH', `/api/v2/tokens/${assessment.uuid}`, { coachWrappedUp: 1 })).json()).toEqual({ success: true });
    expect(assessment.coachWrappedUp).toBe(1);
  });

  it('refuses changes to a received assessment', async () => {
    const grant = sandbox.store.scoGrants.find((g) => g.toCoachUuid === demo);
    const response = await call('PATCH', `/api/v2/tokens/${grant?.assessmentUuid}`, { coachWrappedUp: 1 });
    expect(response.json()).toEqual({
      error: {
        info: 'Your selection includes assessments that were given to you by another coach. Please amend your selection and try again.',
      },
    });
  });

  it('deletes only before registration and credits the coach back', async () => {
    const registered = find((a) => a.userRegistration === 1);
    expect((await call('DELETE', `/api/v2/tokens/${registered.uuid}`)).statusCode).toBe(400);
    const fresh = find((a) => a.userRegistration === 0 && a.tokenType === 'paid');
    const before = balanceOf(sandbox.store, demo);
    expect((await call('DELETE', `/api/v2/tokens/${fresh.uuid}`)).statusCode).toBe(200);
    expect(sandbox.store.assessments.has(fresh.uuid)).toBe(false);
    const cost = { ennea: 1, EIT: 2, full: 3 }[fresh.assessmentType];
    expect(balanceOf(sandbox.store, demo)).toBe(before + cost);
  });
});
