import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { clientAssessments } from '../state/store.ts';
import { balanceOf } from '../state/views.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;

describe('clients (spec assessments-and-clients §3.2, §4.9, §5, §7, §9)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = cookie) =>
    injectLegacy(sandbox.app, { method, url, headers: { cookie: as }, ...(payload ? { payload } : {}) });

  it('adds a client and refuses the same e-mail again, whatever its case', async () => {
    const created = await call('POST', `/api/v2/coaches/${demo}/clients`, {
      name: 'Lerato',
      surname: 'Mokoena',
      email: 'Lerato@Example.test',
    });
    const uuid = created.json().uuid;
    expect(sandbox.store.clients.get(uuid)).toMatchObject({ name: 'Lerato', coachUuid: demo });
    const again = await call('POST', `/api/v2/coaches/${demo}/clients`, { name: 'L', surname: 'M', email: 'lerato@example.test' });
    expect(again.json()).toEqual({
      error: { info: 'You have already added this client. Please add an assessment to the existing client.' },
    });
    const blank = await call('POST', `/api/v2/coaches/${demo}/clients`, { name: ' ', surname: 'M', email: 'x@example.test' });
    expect(blank.json()).toEqual({ error: { info: 'Please fill in all the client details (name, surname, and email).' } });
  });

  it('adds assessments to the client and charges each its cost in credits', async () => {
    const client = [...sandbox.store.clients.values()].find((entry) => entry.email === 'Lerato@Example.test');
    const before = balanceOf(sandbox.store, demo);
    for (const assessmentType of ['full', 'EIT', 'ennea']) {
      const response = await call('POST', `/api/v2/clients/${client?.uuid}/tokens`, {
        assessmentType,
        tokenType: 'paid',
        assessmentLanguage: 'english',
        userCoach: 'Graduate Programme',
        reportsToAutoSend: '-',
      });
      expect(response.statusCode).toBe(200);
    }
    expect(balanceOf(sandbox.store, demo)).toBe(before - 6);
    expect(sandbox.store.balance.at(-1)?.description).toBe('Enneagram assessment added for Lerato Mokoena');
    await call('POST', `/api/v2/clients/${client?.uuid}/tokens`, {
      assessmentType: 'ennea',
      tokenType: 'marketing',
      assessmentLanguage: 'french',
    });
    expect(balanceOf(sandbox.store, demo)).toBe(before - 6);
    const listed = (await call('GET', `/api/v2/clients/${client?.uuid}/tokens`)).json();
    expect(listed.map((a: { assessmentType: string }) => a.assessmentType)).toEqual(['full', 'EIT', 'ennea', 'ennea']);
    expect(listed[0]).toMatchObject({ clientName: 'Lerato', userCoach: 'Graduate Programme', userInvite: 0, tokenType: 'paid' });
  });

  it('refuses Maturity and Combined assessments to a level-1 coach', async () => {
    const levelOne = await signIn(sandbox.app, SEED_COACHES.levelOne.email);
    const client = [...sandbox.store.clients.values()].find((entry) => entry.coachUuid === SEED_COACHES.levelOne.uuid);
    const response = await call(
      'POST',
      `/api/v2/clients/${client?.uuid}/tokens`,
      { assessmentType: 'EIT', tokenType: 'paid', assessmentLanguage: 'english' },
      levelOne,
    );
    expect(response.json()).toEqual({ error: { info: 'Your accreditation level allows only the Enneagram assessment.' } });
  });

  it("edits a client, but not a completed client's name unless impersonating", async () => {
    const client = [...sandbox.store.clients.values()].find((entry) => entry.email === 'Lerato@Example.test');
    expect((await call('PATCH', `/api/v2/clients/${client?.uuid}`, { company: 'Karoo Logistics' })).json()).toEqual({ success: true });
    expect(client?.company).toBe('Karoo Logistics');
    const completed = [...sandbox.store.clients.values()].find(
      (entry) => entry.coachUuid === demo && clientAssessments(sandbox.store, entry.uuid).some((a) => a.guestCompletedAt !== null),
    );
    const refused = await call('PATCH', `/api/v2/clients/${completed?.uuid}`, { name: 'Renamed' });
    expect(refused.json()).toEqual({ error: { info: 'The assessment is complete - name, surname and email can no longer be changed.' } });
    expect((await call('PATCH', `/api/v2/clients/${completed?.uuid}`, { otherData: 'Met in Durban' })).statusCode).toBe(200);
  });

  it('refuses to edit the client of a received assessment', async () => {
    const grant = sandbox.store.scoGrants.find((entry) => entry.toCoachUuid === demo);
    const clientUuid = sandbox.store.assessments.get(grant?.assessmentUuid ?? '')?.clientUUID;
    const response = await call('PATCH', `/api/v2/clients/${clientUuid}`, { company: 'Mine' });
    expect(response.json().error.info).toBe(
      'Your selection includes assessments that were given to you by another coach. Please amend your selection and try again.',
    );
  });
});
