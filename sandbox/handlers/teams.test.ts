import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../files/read-back.ts';
import { SEED_COACHES } from '../seed/accounts.ts';
import type { TeamRecord } from '../state/model.ts';
import { balanceOf } from '../state/views.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;
const peer = SEED_COACHES.peer.uuid;

describe('teams (spec coach-shell §2.6, §2.7, §4, §5, §8)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    injectLegacy(sandbox.app, { method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const team = (coach: string, name: string): TeamRecord => {
    const found = [...sandbox.store.teams.values()].find((entry) => entry.coachUuid === coach && entry.name === name);
    if (!found) throw new Error(`no seeded team ${name}`);
    return found;
  };
  const completedAssessments = () =>
    [...sandbox.store.assessments.values()].filter((a) => a.coachUUID === demo && a.guestCompletedAt !== null);

  it('lists own teams in every report state and the teams received through SCO', async () => {
    const teams = (await call('GET', `/api/v2/coaches/${demo}/teams`)).json();
    const own = teams.filter((entry: { scoReceivedFrom: unknown }) => entry.scoReceivedFrom === null);
    expect(own.map((entry: { reportRequestedDisplay: string }) => entry.reportRequestedDisplay).sort()).toEqual([
      'Combined',
      'Enneagram',
      'Enneagram',
      'Maturity',
      'Not Requested',
    ]);
    const received = teams.filter((entry: { scoReceivedFrom: unknown }) => entry.scoReceivedFrom !== null);
    expect(received.length).toBeGreaterThan(0);
    expect(received[0].scoReceivedFrom.name).toContain('Naledi');
  });

  it('adds a team, refusing one without a name or project', async () => {
    const refused = await call('POST', `/api/v2/coaches/${demo}/teams`, { name: ' ', description: '', coach: 'Pipeline' });
    expect(refused.json()).toEqual({ error: { info: 'Please enter a team name and a project name.' } });
    expect(
      (await call('POST', `/api/v2/coaches/${demo}/teams`, { name: 'Depot Managers', description: 'Q4', coach: 'Pipeline' })).statusCode,
    ).toBe(200);
    expect(team(demo, 'Depot Managers')).toMatchObject({ coach: 'Pipeline', reportRequested: null });
  });

  it('adds members once, edits leader and comments, and removes one', async () => {
    const target = team(demo, 'Depot Managers');
    const [a, b, c] = completedAssessments();
    const members = [a?.uuid, b?.uuid];
    expect((await call('POST', `/api/v3/teams/${target.uuid}/addMembers`, { memberUUIDs: members })).json()).toEqual({ added: 2 });
    expect((await call('POST', `/api/v3/teams/${target.uuid}/addMembers`, { memberUUIDs: [b?.uuid, c?.uuid] })).json()).toEqual({
      added: 1,
    });
    expect((await call('POST', `/api/v2/teams/${target.uuid}/members/${a?.uuid}`, { isTeamLeader: 1 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/v2/teams/${target.uuid}/members/${b?.uuid}`, { memberComments: 'Joins in March' })).statusCode).toBe(
      200,
    );
    const list = (await call('GET', `/api/v2/teams/${target.uuid}/members`)).json();
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ uuid: a?.uuid, isTeamLeader: 1 });
    expect(list[1]).toMatchObject({ memberComments: 'Joins in March' });
    expect((await call('DELETE', `/api/v2/teams/${target.uuid}/members/${c?.uuid}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/v2/teams/${target.uuid}/members`)).json()).toHaveLength(2);
  });

  it('adds received assessments to a team too', async () => {
    const target = team(demo, 'Depot Managers');
    const grant = sandbox.store.scoGrants.find((entry) => entry.toCoachUuid === demo);
    expect((await call('POST', `/api/v3/teams/${target.uuid}/addMembers`, { memberUUIDs: [grant?.assessmentUuid] })).json()).toEqual({
      added: 1,
    });
  });

  it('tells the charge, requests a report and charges the balance, then cancels and credits back', async () => {
    const target = team(demo, 'Depot Managers');
    const charge = (await call('GET', `/api/v2/teams/${target.uuid}/teamReportChargeInfo`)).json();
    expect(charge).toMatchObject({ isFreeOfCharge: false });
    expect(charge.message).toContain('Combined 4 credits');
    const today = new Date(sandbox.clock.now()).toISOString().slice(0, 10);
    const early = await call('POST', `/api/v2/teams/${target.uuid}/requestReport`, { reportRequested: 'Full', reportDueDate: today });
    expect(early.json()).toEqual({ error: { info: 'Your due date cannot be today or any day before today' } });
    const before = balanceOf(sandbox.store, demo);
    const requested = await call('POST', `/api/v2/teams/${target.uuid}/requestReport`, {
      reportRequested: 'Full',
      reportDueDate: '2025-12-01',
    });
    expect(requested.json()).toEqual({ reportRequestedDisplay: 'Combined', reportReady: false });
    expect(balanceOf(sandbox.store, demo)).toBe(before - 4);
    expect(sandbox.store.balance.at(-1)?.description).toBe('Combined team report requested for Depot Managers');
    await call('GET', `/api/v2/teams/${target.uuid}/cancelReportRequest`);
    expect(balanceOf(sandbox.store, demo)).toBe(before);
    expect(target.reportRequested).toBeNull();
  });

  it('refuses a report for a team without members', async () => {
    await call('POST', `/api/v2/coaches/${demo}/teams`, { name: 'Empty Team', description: '', coach: 'Pipeline' });
    const empty = team(demo, 'Empty Team');
    const response = await call('POST', `/api/v2/teams/${empty.uuid}/requestReport`, {
      reportRequested: 'Ennea',
      reportDueDate: '2025-12-01',
    });
    expect(response.json()).toEqual({ error: { info: 'You cannot have 0 members' } });
  });

  it('locks a team with a report: no member changes, no delete, no new name', async () => {
    const locked = team(demo, 'Operations Supervisors');
    const [assessment] = completedAssessments().slice(-1);
    const add = await call('POST', `/api/v3/teams/${locked.uuid}/addMembers`, { memberUUIDs: [assessment?.uuid] });
    expect(add.json().error.info).toBe('You cannot add members to a team for which a report has already been requested or issued...');
    const member = sandbox.store.teamMembers.find((entry) => entry.teamUuid === locked.uuid);
    const remove = await call('DELETE', `/api/v2/teams/${locked.uuid}/members/${member?.assessmentUuid}`);
    expect(remove.json().error.info).toMatch(/^You cannot edit membership of a team/);
    const del = await call('DELETE', `/api/v2/teams/${locked.uuid}`);
    expect(del.json()).toEqual({
      error: { info: 'The report for team Operations Supervisors has already been requested or generated - cannot delete.' },
    });
    const rename = await call('PUT', `/api/v2/teams/${locked.uuid}`, { name: 'Renamed', description: '', coach: locked.coach });
    expect(rename.json()).toEqual({ error: { info: 'Editing the team name is disabled when the report is available.' } });
  });

  it('duplicates only a team with a report; the copy keeps the members and its report is free', async () => {
    const open = team(demo, 'Finance Leadership');
    const refused = await call('POST', `/api/v2/teams/${open.uuid}/duplicate`, { newTeamName: 'Copy' });
    expect(refused.json()).toEqual({ error: { info: 'A team report must be requested before you can duplicate this team.' } });
    const source = team(demo, 'Executive Committee');
    expect(
      (await call('POST', `/api/v2/teams/${source.uuid}/duplicate`, { newTeamName: 'Executive Committee November 2025' })).statusCode,
    ).toBe(200);
    const copy = team(demo, 'Executive Committee November 2025');
    expect(copy).toMatchObject({ duplicatedSourceId: source.id, reportRequested: null, reportSuppliedAt: null });
    const members = (await call('GET', `/api/v2/teams/${copy.uuid}/members`)).json();
    expect(members.length).toBe(sandbox.store.teamMembers.filter((entry) => entry.teamUuid === source.uuid).length);
    expect((await call('GET', `/api/v2/teams/${copy.uuid}/teamReportChargeInfo`)).json().isFreeOfCharge).toBe(true);
    const before = balanceOf(sandbox.store, demo);
    await call('POST', `/api/v2/teams/${copy.uuid}/requestReport`, { reportRequested: 'IMf', reportDueDate: '2025-12-01' });
    expect(balanceOf(sandbox.store, demo)).toBe(before);
  });

  it('edits and deletes an open team', async () => {
    const open = team(demo, 'Empty Team');
    expect((await call('PUT', `/api/v2/teams/${open.uuid}`, { name: 'Still Empty', description: 'x', coach: 'Pipeline' })).statusCode).toBe(
      200,
    );
    expect(open.name).toBe('Still Empty');
    expect((await call('DELETE', `/api/v2/teams/${open.uuid}`)).statusCode).toBe(200);
    expect(sandbox.store.teams.has(open.uuid)).toBe(false);
  });

  it('downloads the team report as a real PDF or PPTX and the summary as a real spreadsheet', async () => {
    const full = team(demo, 'Executive Committee');
    const pdf = await call('GET', `/api/v2/teams/${full.uuid}/downloadReport/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pptx = await call('GET', `/api/v2/teams/${full.uuid}/downloadReport/pptx`);
    expect(pptx.headers['content-disposition']).toMatch(/\.pptx$/);
    expect(unzip(pptx.rawPayload).some((entry) => entry.name.startsWith('ppt/slides/'))).toBe(true);
    const summary = await call('GET', `/api/v2/teams/${full.uuid}/downloadSummary`);
    expect(summary.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(summary.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pending = team(demo, 'Operations Supervisors');
    expect((await call('GET', `/api/v2/teams/${pending.uuid}/downloadReport/pdf`)).json()).toEqual({
      error: { info: 'The team report is not available yet.' },
    });
  });

  it('lets the receiver of a team only download its reports', async () => {
    const received = [...sandbox.store.teams.values()].find((entry) => entry.coachUuid === peer && entry.scoGivenTo.includes(demo));
    expect((await call('GET', `/api/v2/teams/${received?.uuid}/downloadReport/pdf`)).statusCode).toBe(200);
    expect((await call('GET', `/api/v2/teams/${received?.uuid}/members`)).json()).toEqual({
      error: {
        info: 'This team has been given to you - you cannot view it. You can only download the team reports, when they become available.',
      },
    });
    const duplicate = await call('POST', `/api/v2/teams/${received?.uuid}/duplicate`, { newTeamName: 'Mine now' });
    expect(duplicate.json().error.info).toContain('you cannot duplicate it');
  });

  it('gives a team to another coach and lets only the giver revoke it', async () => {
    const open = team(demo, 'Finance Leadership');
    const unknown = await call('POST', `/api/v2/coaches/${demo}/assignTeamSCO`, {
      secondaryCoachEmailAddress: 'nobody@example.test',
      teamUUIDs: [open.uuid],
    });
    expect(unknown.json()).toEqual({
      error: { info: "That email address is not associated with a coach registered on the provider's system" },
    });
    const given = await call('POST', `/api/v2/coaches/${demo}/assignTeamSCO`, {
      secondaryCoachEmailAddress: SEED_COACHES.peer.email,
      teamUUIDs: [open.uuid],
    });
    expect(given.json()).toEqual({ success: true });
    expect(open.scoGivenTo).toEqual([peer]);
    const received = [...sandbox.store.teams.values()].find((entry) => entry.coachUuid === peer && entry.scoGivenTo.includes(demo));
    const notGiver = await call('POST', `/api/v2/coaches/${demo}/revokeTeamSCO`, { records: [{ uuid: received?.uuid, coachUUID: demo }] });
    expect(notGiver.json()).toEqual({ success: false, error: 'Only the coach who gave this record can revoke it.' });
    const revoked = await call('POST', `/api/v2/coaches/${demo}/revokeTeamSCO`, { records: [{ uuid: open.uuid, coachUUID: peer }] });
    expect(revoked.json()).toEqual({ success: true });
    expect(open.scoGivenTo).toEqual([]);
  });
});
