// Requested team and pair reports are supplied after the sandbox's preparation delay, measured on its
// (injected) clock; a cancelled request or a deleted pair never is (spec coach-shell §4 "Team report", §9;
// assessments-and-clients §4.10, §5 "Pairs").
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;
const DUE = '2025-12-01';

describe('report preparation on the sandbox clock', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  afterEach(() => sandbox.app.close());

  async function start(reportReadySeconds?: number) {
    sandbox = await testSandbox(reportReadySeconds === undefined ? {} : { config: { reportReadySeconds } });
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  }
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    injectLegacy(sandbox.app, { method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const completed = () => [...sandbox.store.assessments.values()].filter((a) => a.coachUUID === demo && a.guestCompletedAt !== null);

  async function teamWithMembers(name: string): Promise<string> {
    await call('POST', `/api/v2/coaches/${demo}/teams`, { name, description: '', coach: 'Pipeline' });
    const team = [...sandbox.store.teams.values()].find((entry) => entry.coachUuid === demo && entry.name === name);
    if (!team) throw new Error(`team ${name} was not created`);
    const [a, b] = completed();
    await call('POST', `/api/v3/teams/${team.uuid}/addMembers`, { memberUUIDs: [a?.uuid, b?.uuid] });
    return team.uuid;
  }
  const listed = async (teamUuid: string) =>
    (await call('GET', `/api/v2/coaches/${demo}/teams`)).json().find((team: { uuid: string }) => team.uuid === teamUuid);

  async function newPair(): Promise<string> {
    const [first, ...rest] = completed();
    const second = rest.find((a) => a.clientUUID !== first?.clientUUID);
    const created = await call('POST', `/api/v2/couples/${demo}/newCouple`, {
      uuids: [first?.uuid, second?.uuid],
      coupleType: 'Romance',
      tokenType: 'paid',
      reportDueDate: DUE,
      reportCost: 2,
    });
    return created.json().uuid;
  }
  const pairListed = async (uuid: string) =>
    (await call('GET', `/api/v2/coaches/${demo}/couples`)).json().find((pair: { uuid: string }) => pair.uuid === uuid);

  it('supplies a requested team report once the delay has passed; then it is available, locked and not cancellable', async () => {
    await start();
    const uuid = await teamWithMembers('Depot Managers');
    const requested = await call('POST', `/api/v2/teams/${uuid}/requestReport`, { reportRequested: 'Full', reportDueDate: DUE });
    expect(requested.json()).toEqual({ reportRequestedDisplay: 'Combined', reportReady: false });
    sandbox.clock.advance(19_999);
    expect(await listed(uuid)).toMatchObject({ reportRequested: 'Full', isReportAvailable: false, reportSuppliedAt: null });
    expect((await call('GET', `/api/v2/teams/${uuid}/downloadReport/pdf`)).json()).toEqual({
      error: { info: 'The team report is not available yet.' },
    });

    sandbox.clock.advance(1);
    expect(await listed(uuid)).toMatchObject({
      isReportAvailable: true,
      offerReportPDF: true,
      offerReportPPTX: true,
      reportSuppliedAt: '2025-11-20 10:00:20',
    });
    expect((await call('GET', `/api/v2/teams/${uuid}/downloadReport/pdf`)).headers['content-type']).toBe('application/pdf');
    // spec coach-shell §4: available → both buttons disabled; members and the name stay locked.
    expect((await call('GET', `/api/v2/teams/${uuid}/cancelReportRequest`)).json()).toEqual({
      error: { info: 'The report is already available and can no longer be cancelled.' },
    });
    expect((await call('PUT', `/api/v2/teams/${uuid}`, { name: 'Renamed', description: '', coach: 'Pipeline' })).statusCode).toBe(400);
    const [, , third] = completed();
    expect((await call('POST', `/api/v3/teams/${uuid}/addMembers`, { memberUUIDs: [third?.uuid] })).statusCode).toBe(400);
  });

  it('never supplies a cancelled request, and a new request starts a new delay', async () => {
    await start();
    const uuid = await teamWithMembers('Depot Leads');
    await call('POST', `/api/v2/teams/${uuid}/requestReport`, { reportRequested: 'Ennea', reportDueDate: DUE });
    sandbox.clock.advance(10_000);
    expect((await call('GET', `/api/v2/teams/${uuid}/cancelReportRequest`)).statusCode).toBe(200);
    sandbox.clock.advance(60_000);
    expect(await listed(uuid)).toMatchObject({ reportRequested: null, reportRequestedDisplay: 'Not Requested', isReportAvailable: false });

    await call('POST', `/api/v2/teams/${uuid}/requestReport`, { reportRequested: 'Ennea', reportDueDate: DUE });
    sandbox.clock.advance(19_000);
    expect((await listed(uuid)).isReportAvailable).toBe(false);
    sandbox.clock.advance(1_000);
    expect(await listed(uuid)).toMatchObject({ isReportAvailable: true, offerReportPPTX: false });
  });

  it('supplies a new pair report after the delay; a pair deleted before then never is', async () => {
    await start();
    const kept = await newPair();
    const deleted = await newPair();
    expect((await call('DELETE', '/api/v2/couples', { uuids: [deleted] })).json()).toEqual({ success: true });
    expect((await pairListed(kept)).reportSuppliedAt).toBe('-');
    const send = () => call('POST', `/api/v2/couples/${kept}/sendReport?serverSend=true`, { destinationEmailAddress: null });
    expect((await send()).statusCode).toBe(400);

    sandbox.clock.advance(20_000);
    expect((await pairListed(kept)).reportSuppliedAt).toBe('2025-11-20 10:00:20');
    expect(sandbox.store.couples.has(deleted)).toBe(false);
    expect((await send()).json()).toMatchObject({ sent: true });
    // spec assessments-and-clients §4.10: a supplied pair report can no longer be deleted.
    expect((await call('DELETE', '/api/v2/couples', { uuids: [kept] })).statusCode).toBe(400);
  });

  it('with a delay of 0 supplies the report at the next call, never in the request answer', async () => {
    await start(0);
    const uuid = await teamWithMembers('Night Shift');
    const requested = await call('POST', `/api/v2/teams/${uuid}/requestReport`, { reportRequested: 'IMf', reportDueDate: DUE });
    expect(requested.json()).toMatchObject({ reportReady: false });
    expect(await listed(uuid)).toMatchObject({ isReportAvailable: true, reportSuppliedAt: '2025-11-20 10:00:00' });
  });

  it('leaves the seeded requested team and pair in their requested state', async () => {
    await start(0);
    sandbox.clock.advance(7 * 86_400_000);
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
    const teams = (await call('GET', `/api/v2/coaches/${demo}/teams`)).json();
    expect(teams.find((team: { name: string }) => team.name === 'Operations Supervisors')).toMatchObject({ isReportAvailable: false });
    const pairs = (await call('GET', `/api/v2/coaches/${demo}/couples`)).json();
    expect(pairs.some((pair: { reportSuppliedAt: string }) => pair.reportSuppliedAt === '-')).toBe(true);
  });
});
