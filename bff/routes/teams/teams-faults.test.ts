// The teams operations against a legacy stand-in that answers what each test tells it: the exact legacy calls,
// the mapping of legacy teams and members, and the failures: an upstream 403 ends the session (mid-batch too,
// with the partial result), 5xx, timeouts and unusable answers are 502/504, a partial delete is reported per
// team, a repeat with the Idempotency-Key deletes only what was not attempted, and the due date's earliest day
// is right at month and year ends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { OUTCOME_UNKNOWN, outcomeUnknownAfterNoAnswer } from '../../batch/batch-ledger.ts';
import { teamDeleteLocked } from '../../domain/team-rows.ts';
import { UNEXPECTED_MESSAGE } from '../../problem.ts';
import { type FaultBff, forbidden, legacyError, signInBff, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { legacyTeam, legacyTeamId } from '../../test-support/legacy-teams.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { dueDateMin } from './team-reports-service.ts';

type LegacyTeam = Legacy['schemas']['Team'];
type LegacyMember = Legacy['schemas']['TeamMember'];

const TEAMS = `GET /api/v2/coaches/${LEGACY_COACH_ID}/teams`;
const teamId = legacyTeamId;
const memberId = (n: number) => `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`;
const coachId = (n: number) => `c0ac0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ok: CannedAnswer = { status: 200, json: {} };

const team = legacyTeam;
const available = (n: number, fields: Partial<LegacyTeam> = {}) =>
  team(n, {
    reportRequested: 'Full',
    reportRequestedDisplay: 'Combined',
    reportDueDate: '2025-10-20',
    reportSuppliedAt: '2025-10-18 15:00:00',
    isReportAvailable: true,
    offerReportPDF: true,
    offerReportPPTX: true,
    ...fields,
  });
function member(n: number, fields: Partial<LegacyMember> = {}): LegacyMember {
  return {
    uuid: memberId(n),
    isTeamLeader: 0,
    memberComments: null,
    displayName: `Member ${n}`,
    userCoach: null,
    userCompany: null,
    userOccupation: null,
    assessmentType: 'ennea',
    enneaResult: null,
    scoreIMF: null,
    completedAt: null,
    ...fields,
  };
}

let bff: FaultBff;
afterEach(async () => {
  vi.useRealTimers();
  await bff?.close();
});

const call: FaultBff['call'] = (...args) => bff.call(...args);

describe('listTeams', () => {
  it("reads the coach's teams with the session cookie and maps them (times, ids, null description)", async () => {
    bff = await startFaultBff();
    const given = { uuid: coachId(1), name: 'Lukas', surname: 'Novak' };
    bff.upstream.answer(TEAMS, {
      status: 200,
      json: [team(2, { duplicatedSourceId: 1001, scoGivenTo: [given] }), available(1, { description: 'Executive' })],
    });
    const response = await call('GET', '/api/teams');
    expect(response.statusCode).toBe(200);
    const [second, first] = response.json().items;
    expect(second).toMatchObject({
      id: teamId(2),
      description: '',
      createdAt: '2025-10-01T08:00:00Z',
      duplicatedSourceId: teamId(1),
      givenTo: [{ id: coachId(1), name: 'Lukas', surname: 'Novak' }],
    });
    expect(first).toMatchObject({ reportSuppliedAt: '2025-10-18T15:00:00Z', reportRequestedDisplay: 'Combined', reportState: 'available' });
    expect(response.json()).toMatchObject({ hasGiven: true, hasReceived: false });
    expect(bff.calls(TEAMS)[0]?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a 5xx', { status: 500, json: { error: { info: 'down' } } }, 502, 'upstream_error'],
    ['a refusal', legacyError('no'), 502, 'upstream_error'],
    ['a time it cannot read', { status: 200, json: [team(1, { createdAt: 'yesterday' })] }, 502, 'upstream_error'],
    ['garbage', { fault: 'garbage' }, 502, 'upstream_error'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, answer);
    const response = await call('GET', '/api/teams');
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it('ends the session at a legacy 403', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, forbidden);
    expect((await call('GET', '/api/teams')).json().code).toBe('session_ended');
    expect((await call('GET', '/api/teams')).statusCode).toBe(401);
    expect(bff.calls(TEAMS)).toHaveLength(1);
  });
});

describe('deleteTeams', () => {
  const deletePath = (n: number) => `DELETE /api/v2/teams/${teamId(n)}`;

  it('reports a partial delete per team by name; a delete is never retried', async () => {
    bff = await startFaultBff({ env: { BATCH_CONCURRENCY: '1' } });
    bff.upstream.answer(TEAMS, { status: 200, json: [1, 2, 3, 4].map((n) => team(n)) });
    bff.upstream.answer(deletePath(1), ok);
    bff.upstream.answer(deletePath(2), legacyError(teamDeleteLocked('Team 2')));
    bff.upstream.answer(deletePath(3), legacyError('Database is read-only.'));
    bff.upstream.answer(deletePath(4), { fault: 'reset' });
    const response = await call('POST', '/api/teams/deletions', { ids: [1, 2, 3, 4].map(teamId) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 4,
      succeeded: 1,
      notAttempted: 0,
      failed: [
        { id: teamId(2), name: 'Team 2', code: 'team_report_locked', message: teamDeleteLocked('Team 2') },
        { id: teamId(3), name: 'Team 3', code: 'upstream_error', message: 'Database is read-only.' },
        // Cut off once sent: the legacy API may have deleted it.
        { id: teamId(4), name: 'Team 4', code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer('Team 4') },
      ],
    });
    expect(bff.calls(deletePath(4))).toHaveLength(1);
    expect(bff.calls(TEAMS)).toHaveLength(1);
  });

  it('skips a locked team without calling the legacy API; a slow delete times out, not known whether done', async () => {
    bff = await startFaultBff({ env: { BATCH_ITEM_TIMEOUT_MS: '300', UPSTREAM_TIMEOUT_MS: '5000' } });
    bff.upstream.answer(TEAMS, { status: 200, json: [available(1), team(2)] });
    bff.upstream.answer(deletePath(2), { fault: 'slow', delayMs: 60_000 });
    const response = await call('POST', '/api/teams/deletions', { ids: [teamId(1), teamId(2)] });
    expect(response.json().failed).toEqual([
      { id: teamId(1), name: 'Team 1', code: 'team_report_locked', message: teamDeleteLocked('Team 1') },
      { id: teamId(2), name: 'Team 2', code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer('Team 2') },
    ]);
    expect(bff.calls(deletePath(1))).toHaveLength(0);
  });

  it('stops at a 403 mid-batch: 401 session_ended with what was done; the repeat with its key deletes only the rest', async () => {
    bff = await startFaultBff({ env: { BATCH_CONCURRENCY: '1' } });
    bff.upstream.answer(TEAMS, { status: 200, json: [1, 2, 3, 4].map((n) => team(n)) });
    bff.upstream.answer(deletePath(1), ok);
    bff.upstream.answer(deletePath(2), forbidden);
    bff.upstream.answer(deletePath(3), ok);
    bff.upstream.answer(deletePath(4), ok);
    const key = { 'idempotency-key': 'delete-teams-0001' };
    const body = { ids: [1, 2, 3, 4].map(teamId) };
    const cut = await call('POST', '/api/teams/deletions', body, key);
    expect(cut.statusCode).toBe(401);
    expect(cut.json()).toMatchObject({
      code: 'session_ended',
      batch: { total: 4, succeeded: 1, failed: [], notAttempted: 3, notAttemptedIds: [2, 3, 4].map(teamId) },
    });
    expect(bff.calls(deletePath(3))).toHaveLength(0);
    expect((await call('GET', '/api/teams')).statusCode).toBe(401);

    bff.session = await signInBff(bff.server, bff.upstream);
    bff.upstream.answer(TEAMS, { status: 200, json: [2, 3, 4].map((n) => team(n)) });
    bff.upstream.answer(deletePath(2), ok);
    const resumed = await call('POST', '/api/teams/deletions', body, key);
    expect(resumed.json()).toEqual({ total: 4, succeeded: 4, failed: [], notAttempted: 0 });
    expect([1, 2, 3, 4].map((n) => bff.calls(deletePath(n)).length)).toEqual([1, 2, 1, 1]);
  });

  it('answers 401 when the team list answers 403, and deletes nothing', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, forbidden);
    const response = await call('POST', '/api/teams/deletions', { ids: [teamId(1)] });
    expect(response.statusCode).toBe(401);
    expect(response.json().batch).toBeUndefined();
    expect(bff.calls(deletePath(1))).toHaveLength(0);
  });
});

describe('revokeTeamSco', () => {
  const REVOKE = `POST /api/v2/coaches/${LEGACY_COACH_ID}/revokeTeamSCO`;
  const givenTo = (...coaches: number[]) => coaches.map((n) => ({ uuid: coachId(n), name: `C${n}`, surname: `S${n}` }));

  it('sends one call per receiving coach; a failed call fails every team in it with its error', async () => {
    bff = await startFaultBff({ env: { BATCH_CONCURRENCY: '1' } });
    bff.upstream.answer(TEAMS, {
      status: 200,
      json: [team(1, { scoGivenTo: givenTo(1, 2) }), team(2, { scoGivenTo: givenTo(1) }), team(3, { scoGivenTo: givenTo(3) })],
    });
    bff.upstream.answer(
      REVOKE,
      { status: 200, json: { success: true } },
      { status: 200, json: { success: false, error: 'Coach is archived.' } },
      { status: 503 },
    );
    const response = await call('POST', '/api/teams/sco-revocations', { ids: [1, 2, 3].map(teamId) });
    expect(response.json()).toEqual({
      total: 3,
      succeeded: 1,
      notAttempted: 0,
      failed: [
        { id: teamId(1), name: 'Team 1', code: 'sco_revoke_failed', message: 'SCO revoking failed: Coach is archived.' },
        { id: teamId(3), name: 'Team 3', code: 'upstream_error', message: `SCO revoking failed: ${UNEXPECTED_MESSAGE}` },
      ],
    });
    expect(bff.calls(REVOKE).map((r) => JSON.parse(r.body))).toEqual([
      {
        records: [
          { uuid: teamId(1), coachUUID: coachId(1) },
          { uuid: teamId(2), coachUUID: coachId(1) },
        ],
      },
      { records: [{ uuid: teamId(1), coachUUID: coachId(2) }] },
      { records: [{ uuid: teamId(3), coachUUID: coachId(3) }] },
    ]);
  });

  it('at a 403 ends the session with the per-team result', async () => {
    bff = await startFaultBff({ env: { BATCH_CONCURRENCY: '1' } });
    bff.upstream.answer(TEAMS, { status: 200, json: [team(1, { scoGivenTo: givenTo(1) }), team(2, { scoGivenTo: givenTo(2) })] });
    bff.upstream.answer(REVOKE, { status: 200, json: { success: true } }, forbidden);
    const response = await call('POST', '/api/teams/sco-revocations', { ids: [1, 2].map(teamId) });
    expect(response.statusCode).toBe(401);
    expect(response.json().batch).toEqual({ total: 2, succeeded: 1, failed: [], notAttempted: 1, notAttemptedIds: [teamId(2)] });
  });
});

describe('assignTeamSco', () => {
  const ASSIGN = `POST /api/v2/coaches/${LEGACY_COACH_ID}/assignTeamSCO`;

  it('sends the e-mail and every team in one call; a refusal is 400 with its text; a 5xx 502; a 403 ends the session', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [team(1), team(2)] });
    bff.upstream.answer(ASSIGN, { status: 200, json: { success: true } });
    const body = { ids: [teamId(1), teamId(2)], coachEmail: ' lukas@example.test ' };
    expect((await call('POST', '/api/teams/sco-assignments', body)).json()).toEqual({
      total: 2,
      succeeded: 2,
      failed: [],
      notAttempted: 0,
    });
    expect(JSON.parse(bff.calls(ASSIGN)[0]?.body ?? '')).toEqual({
      secondaryCoachEmailAddress: 'lukas@example.test',
      teamUUIDs: [teamId(1), teamId(2)],
    });

    bff.upstream.answer(ASSIGN, legacyError('You cannot assign assessments to yourself.'));
    expect((await call('POST', '/api/teams/sco-assignments', body)).json()).toMatchObject({
      status: 400,
      code: 'sco_assign_failed',
      detail: 'You cannot assign assessments to yourself.',
    });
    bff.upstream.answer(ASSIGN, { status: 200, json: { success: false } });
    expect((await call('POST', '/api/teams/sco-assignments', body)).json()).toMatchObject({
      status: 400,
      code: 'sco_assign_failed',
      detail: UNEXPECTED_MESSAGE,
    });
    bff.upstream.answer(ASSIGN, { status: 500 });
    expect((await call('POST', '/api/teams/sco-assignments', body)).json().code).toBe('upstream_error');
    const unknown = await call('POST', '/api/teams/sco-assignments', { ...body, ids: [teamId(9)] });
    expect(unknown.statusCode).toBe(404);
    bff.upstream.answer(ASSIGN, forbidden);
    expect((await call('POST', '/api/teams/sco-assignments', body)).statusCode).toBe(401);
  });
});

describe('one team', () => {
  const MEMBERS = `GET /api/v2/teams/${teamId(1)}/members`;
  const CHARGE = `GET /api/v2/teams/${teamId(1)}/teamReportChargeInfo`;

  it('getTeam maps the members (nulls to empty texts, leaders counted) and fails with the legacy calls', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [team(1)] });
    bff.upstream.answer(MEMBERS, {
      status: 200,
      json: [member(1, { isTeamLeader: 1, completedAt: '2025-10-06 13:22:00', enneaResult: '4 SX 145' }), member(2)],
    });
    bff.upstream.answer(CHARGE, { status: 200, json: { message: 'A team report costs 2 credits.', isFreeOfCharge: false } });
    const page = (await call('GET', `/api/teams/${teamId(1)}`)).json();
    expect(page.members[0]).toEqual({
      id: memberId(1),
      isTeamLeader: true,
      memberComments: '',
      displayName: 'Member 1',
      project: '',
      company: '',
      occupation: '',
      assessmentType: 'ennea',
      enneaResult: '4 SX 145',
      scoreImf: null,
      completedAt: '2025-10-06T13:22:00Z',
    });
    expect(page).toMatchObject({ leaderCount: 1, charge: { message: 'A team report costs 2 credits.', isFreeOfCharge: false } });

    bff.upstream.answer(CHARGE, { status: 502 });
    expect((await call('GET', `/api/teams/${teamId(1)}`)).json().code).toBe('upstream_error');
    bff.upstream.answer(MEMBERS, forbidden);
    expect((await call('GET', `/api/teams/${teamId(1)}`)).json().code).toBe('session_ended');
  });

  it("createTeam and updateTeam: a legacy refusal is 400 'Failed' with its text; a 5xx 502; a timeout 504", async () => {
    bff = await startFaultBff();
    const CREATE = `POST /api/v2/coaches/${LEGACY_COACH_ID}/teams`;
    bff.upstream.answer(CREATE, legacyError('A team with that name exists.'), { status: 500 });
    const refused = await call('POST', '/api/teams', { name: 'Team 1', project: 'P' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'team_update_failed', title: 'Failed', detail: 'A team with that name exists.' });
    expect(JSON.parse(bff.calls(CREATE)[0]?.body ?? '')).toEqual({ name: 'Team 1', description: '', coach: 'P' });
    expect((await call('POST', '/api/teams', { name: 'Team 1', project: 'P' })).json()).toMatchObject({
      status: 502,
      code: 'upstream_error',
    });

    bff.upstream.answer(TEAMS, { status: 200, json: [team(1, { description: 'Kept' })] });
    bff.upstream.answer(`PUT /api/v2/teams/${teamId(1)}`, { status: 409, json: { error: { info: 'Name taken.' } } });
    expect((await call('PATCH', `/api/teams/${teamId(1)}`, { name: 'Renamed' })).json()).toMatchObject({
      status: 400,
      code: 'team_update_failed',
      detail: 'Name taken.',
    });
    bff.upstream.answer(`PUT /api/v2/teams/${teamId(1)}`, { fault: 'slow', delayMs: 2_000 });
    expect((await call('PATCH', `/api/teams/${teamId(1)}`, { name: 'Renamed' })).json().code).toBe('upstream_timeout');
    expect(JSON.parse(bff.calls(`PUT /api/v2/teams/${teamId(1)}`)[1]?.body ?? '')).toEqual({
      name: 'Renamed',
      description: 'Kept',
      coach: 'Project',
    });
  });

  it("duplicateTeam: any legacy failure is 'Duplicate team failed.', 400 when the legacy API refused it", async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [available(1)] });
    for (const [answer, status] of [
      [legacyError('Name taken.'), 400],
      [{ status: 409 }, 400],
      [{ status: 500 }, 502],
    ] as [CannedAnswer, number][]) {
      bff.upstream.answer(`POST /api/v2/teams/${teamId(1)}/duplicate`, answer);
      const response = await call('POST', `/api/teams/${teamId(1)}/duplicate`, { name: 'Copy' });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code: 'duplicate_failed', detail: 'Duplicate team failed.' });
    }
  });

  it("addTeamMembers: a failed call is the dialog's exception text; a timeout stays 504", async () => {
    bff = await startFaultBff();
    const ADD = `POST /api/v3/teams/${teamId(1)}/addMembers`;
    bff.upstream.answer(TEAMS, { status: 200, json: [team(1)] });
    bff.upstream.answer(ADD, { status: 500 });
    const failed = await call('POST', `/api/teams/${teamId(1)}/members`, { ids: [memberId(1)] });
    expect(failed.json()).toMatchObject({
      status: 502,
      code: 'add_members_failed',
      detail: 'Unexpected error while trying to add assessments to the team.',
    });
    bff.upstream.answer(ADD, legacyError('Team is locked.'));
    expect((await call('POST', `/api/teams/${teamId(1)}/members`, { ids: [memberId(1)] })).json()).toMatchObject({
      status: 400,
      code: 'add_members_failed',
      detail: 'Unexpected error while trying to add assessments to the team.',
    });
    bff.upstream.answer(ADD, { fault: 'slow', delayMs: 2_000 });
    expect((await call('POST', `/api/teams/${teamId(1)}/members`, { ids: [memberId(1)] })).json().code).toBe('upstream_timeout');
  });

  it('updateTeamMember sends the flag and the comments in one call each (the legacy call takes one field)', async () => {
    bff = await startFaultBff();
    const PUT = `PUT /api/v2/teams/${teamId(1)}/members/${memberId(1)}`;
    bff.upstream.answer(TEAMS, { status: 200, json: [team(1)] });
    bff.upstream.answer(MEMBERS, { status: 200, json: [member(1)] });
    bff.upstream.answer(PUT, ok);
    const response = await call('PATCH', `/api/teams/${teamId(1)}/members/${memberId(1)}`, { isTeamLeader: true, memberComments: 'Lead' });
    expect(response.json()).toMatchObject({ isTeamLeader: true, memberComments: 'Lead' });
    expect(bff.calls(PUT).map((r) => JSON.parse(r.body))).toEqual([{ isTeamLeader: 1 }, { memberComments: 'Lead' }]);
    bff.upstream.answer(PUT, legacyError('Member is archived.'));
    const refused = await call('PATCH', `/api/teams/${teamId(1)}/members/${memberId(1)}`, { isTeamLeader: false });
    expect(refused.json()).toMatchObject({ status: 400, code: 'member_update_failed', title: 'Failed', detail: 'Member is archived.' });
  });
});

describe('requestTeamReport: the due date', () => {
  const REQUEST = `POST /api/v2/teams/${teamId(1)}/requestReport`;

  it.each([
    ['2025-01-31T23:30:00Z', '2025-02-01'],
    ['2025-12-31T12:00:00Z', '2026-01-01'],
    ['2028-02-28T00:00:00Z', '2028-02-29'],
    ['2025-04-30T00:00:01Z', '2025-05-01'],
  ])('on %s the earliest due date is %s', (now, tomorrow) => {
    expect(dueDateMin(Date.parse(now))).toBe(tomorrow);
  });

  it('at the end of a year, refuses the 31st and accepts the 1st of January', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T22:00:00Z'));
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [team(1)] });
    bff.upstream.answer(`GET /api/v2/teams/${teamId(1)}/members`, {
      status: 200,
      json: [member(1, { isTeamLeader: 1 }), member(2, { isTeamLeader: 1 })],
    });
    bff.upstream.answer(REQUEST, { status: 200, json: { reportRequestedDisplay: 'Enneagram', reportReady: true } });
    const refused = await call('POST', `/api/teams/${teamId(1)}/report-request`, { reportType: 'Ennea', dueDate: '2025-12-31' });
    expect(refused.json()).toMatchObject({ code: 'due_date_not_future', detail: 'Your due date cannot be today or any day before today' });
    expect(bff.calls(REQUEST)).toHaveLength(0);
    const accepted = await call('POST', `/api/teams/${teamId(1)}/report-request`, { reportType: 'Ennea', dueDate: '2026-01-01' });
    expect(accepted.json()).toEqual({ reportReady: true, reportRequestedDisplay: 'Enneagram', leaderCount: 2 });
    expect(JSON.parse(bff.calls(REQUEST)[0]?.body ?? '')).toEqual({ reportRequested: 'Ennea', reportDueDate: '2026-01-01' });
  });

  it("passes a legacy refusal on as 400 'Failed' with its text; a 5xx is 502", async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [team(1)] });
    bff.upstream.answer(`GET /api/v2/teams/${teamId(1)}/members`, { status: 200, json: [member(1)] });
    bff.upstream.answer(REQUEST, legacyError('Insufficient credits.'), { status: 500 });
    const request = () => call('POST', `/api/teams/${teamId(1)}/report-request`, { reportType: 'Ennea', dueDate: '2999-01-01' });
    const response = await request();
    expect(response.json()).toMatchObject({ status: 400, code: 'upstream_rejected', title: 'Failed', detail: 'Insufficient credits.' });
    expect((await request()).json()).toMatchObject({ status: 502, code: 'upstream_error' });
  });

  it("cancelTeamReportRequest passes a legacy refusal on as 400 'Failed' with its text; a 5xx is 502", async () => {
    bff = await startFaultBff();
    const CANCEL = `GET /api/v2/teams/${teamId(1)}/cancelReportRequest`;
    bff.upstream.answer(TEAMS, { status: 200, json: [team(1, { reportRequested: 'Ennea', reportDueDate: '2999-01-01' })] });
    bff.upstream.answer(CANCEL, legacyError('The report is being generated.'), { status: 500 });
    const cancel = () => call('DELETE', `/api/teams/${teamId(1)}/report-request`);
    expect((await cancel()).json()).toMatchObject({
      status: 400,
      code: 'upstream_rejected',
      title: 'Failed',
      detail: 'The report is being generated.',
    });
    expect((await cancel()).json()).toMatchObject({ status: 502, code: 'upstream_error' });
  });
});

describe('downloads', () => {
  const REPORT = `GET /api/v2/teams/${teamId(1)}/downloadReport/pdf`;
  const SUMMARY = `GET /api/v2/teams/${teamId(1)}/downloadSummary`;

  it('streams the report under a clean name chosen from the team name, whatever the legacy API calls it', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [available(1, { name: 'R&D / "Core"' })] });
    bff.upstream.answer(REPORT, {
      status: 200,
      text: '%PDF-1.7 report',
      headers: { 'content-disposition': 'attachment; filename="../x.pdf"' },
    });
    const response = await call('GET', `/api/teams/${teamId(1)}/reports/pdf`);
    expect(response.body).toBe('%PDF-1.7 report');
    expect(response.headers['content-disposition']).toBe('attachment; filename="R&D _ _Core_ - team report.pdf"');
  });

  it.each<[string, CannedAnswer, number, string, string]>([
    [
      'a report that could not be generated',
      legacyError('The following report(s) could not be generated. The team has been notified and will be in touch.'),
      400,
      'report_generation_failed',
      'The following report(s) could not be generated. The team has been notified and will be in touch.',
    ],
    ['another refusal', legacyError('Report archived.'), 400, 'download_failed', 'Report archived.'],
    ['a 404 without info', { status: 404 }, 400, 'download_failed', UNEXPECTED_MESSAGE],
    ['a 409', { status: 409, json: { error: { info: 'Report archived.' } } }, 400, 'download_failed', 'Report archived.'],
    ['a 5xx', { status: 503 }, 502, 'upstream_error', UNEXPECTED_MESSAGE],
    ['a 403', forbidden, 401, 'session_ended', 'Your session has ended. Please log in again.'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout', UNEXPECTED_MESSAGE],
  ])('downloadTeamReport answers %s (%j) with %i %s', async (_name, answer, status, code, detail) => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [available(1)] });
    bff.upstream.answer(REPORT, answer);
    const response = await call('GET', `/api/teams/${teamId(1)}/reports/pdf`);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, detail });
  });

  it("downloadTeamSummary: a refusal is 400 'Failed', a 5xx 502, a 403 ends the session", async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [team(1)] });
    bff.upstream.answer(SUMMARY, legacyError('No members.'));
    expect((await call('GET', `/api/teams/${teamId(1)}/summary`)).json()).toMatchObject({
      status: 400,
      code: 'download_failed',
      detail: 'Failed',
    });
    bff.upstream.answer(SUMMARY, { status: 500 });
    expect((await call('GET', `/api/teams/${teamId(1)}/summary`)).json().code).toBe('upstream_error');
    bff.upstream.answer(SUMMARY, forbidden);
    expect((await call('GET', `/api/teams/${teamId(1)}/summary`)).statusCode).toBe(401);
  });
});
