// The teams operations against the stateful sandbox legacy API: the demo coach's seeded teams in each report
// state (not requested, requested, available) and the two the peer coach gave to it, the table, add / edit /
// delete / duplicate, SCO, members, the report request and the downloads, with the spec's rules and texts.
// Every answer is checked against the contract.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_ASSISTANT, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import type { TeamRecord } from '../../../sandbox/state/model.ts';
import { duplicateName, receivedTeamMessage, teamDeleteLocked } from '../../domain/team-rows.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { dueDateMin } from './team-reports-service.ts';

const DEMO = SEED_COACHES.demo.uuid;
const MEMBERSHIP_LOCKED =
  'You cannot edit membership of a team for which a report has already been requested or issued. Rather make a duplicate of this team, edit the members, and then request a new report for the duplicated team.';

let bff: SandboxBff;
let session: string;

beforeEach(async () => {
  await bff?.close();
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 60 }));
});
afterAll(async () => {
  await bff?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, cookie = session) =>
  injectChecked(bff.server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: cookie }, ...(payload && { payload }) });

const signInAs = (email: string) => bff.signIn(email);

/** A seeded team of the demo coach (own) or given to it by the peer coach (received), by name. */
function seeded(name: string, owner: 'own' | 'received' = 'own'): TeamRecord {
  const team = [...bff.store.teams.values()].find(
    (entry) => entry.name === name && (owner === 'own' ? entry.coachUuid === DEMO : entry.scoGivenTo.includes(DEMO)),
  );
  if (!team) throw new Error(`no seeded team ${name}`);
  return team;
}
const membersOf = (teamUuid: string) => bff.store.teamMembers.filter((member) => member.teamUuid === teamUuid);
/** Demo assessments that are in no team yet. */
function freeAssessments(count: number): string[] {
  const inTeams = new Set(bff.store.teamMembers.map((member) => member.assessmentUuid));
  return [...bff.store.assessments.values()]
    .filter((a) => a.coachUUID === DEMO && !inTeams.has(a.uuid))
    .slice(0, count)
    .map((a) => a.uuid);
}
async function newTeam(name = 'Harbour Crew', cookie = session): Promise<string> {
  const response = await call('POST', '/api/teams', { name, project: 'Port Projects', description: 'Dock supervisors' }, cookie);
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

describe('listTeams', () => {
  it('lists own and received teams newest first with their report states, texts, links and SCO columns', async () => {
    const response = await call('GET', '/api/teams');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 8, filteredTotal: 8, page: 1, pageSize: 50, hasGiven: false, hasReceived: true });
    const own = page.items.filter((row: { isReceived: boolean }) => !row.isReceived);
    expect(own.map((row: { name: string }) => row.name)).toEqual([
      'Marketing Team',
      'Sales Team North',
      'Executive Committee',
      'Operations Supervisors',
      'Finance Leadership',
    ]);
    const byName = (name: string, received = false) =>
      page.items.find((row: { name: string; isReceived: boolean }) => row.name === name && row.isReceived === received);
    expect(byName('Finance Leadership')).toMatchObject({
      reportState: 'notRequested',
      reportStatusText: '-',
      reportRequested: null,
      reportRequestedDisplay: null,
      reportDownloads: [],
      canDuplicate: false,
      memberCount: 5,
    });
    expect(byName('Operations Supervisors')).toMatchObject({
      reportState: 'requested',
      reportStatusText: 'Not yet available',
      reportRequestedDisplay: 'Enneagram',
      canDuplicate: true,
    });
    const executive = seeded('Executive Committee');
    expect(byName('Executive Committee')).toMatchObject({
      reportState: 'available',
      reportStatusText: null,
      reportDownloads: [
        { format: 'pdf', url: `/api/teams/${executive.uuid}/reports/pdf` },
        { format: 'pptx', url: `/api/teams/${executive.uuid}/reports/pptx` },
      ],
      suggestedDuplicateName: duplicateName('Executive Committee', Date.now()),
    });
    expect(byName('Executive Committee', true)).toMatchObject({
      receivedFrom: { name: 'Naledi Khumalo' },
      canDuplicate: false,
      givenTo: [],
    });
  });

  it('searches every shown column, sorts and pages', async () => {
    const search = (await call('GET', '/api/teams?q=SALES')).json();
    expect(search).toMatchObject({ total: 8, filteredTotal: 2 });
    expect((await call('GET', '/api/teams?q=naledi')).json().filteredTotal).toBe(3);
    expect((await call('GET', '/api/teams?q=not%20yet%20available')).json().items.map((row: { name: string }) => row.name)).toEqual([
      'Operations Supervisors',
    ]);
    const sorted = (await call('GET', '/api/teams?sort=name&order=asc')).json().items.map((row: { name: string }) => row.name);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));
    const byReport = (await call('GET', '/api/teams?sort=report&order=asc'))
      .json()
      .items.map((row: { reportState: string }) => row.reportState);
    expect(byReport[0]).toBe('notRequested');
    expect(byReport.at(-1)).toBe('available');
    for (let n = 0; n < 6; n++) await newTeam(`Extra ${n}`);
    const second = (await call('GET', '/api/teams?pageSize=10&page=2')).json();
    expect(second).toMatchObject({ total: 14, filteredTotal: 14, page: 2, pageSize: 10 });
    expect(second.items).toHaveLength(4);
  });

  it('refuses an assistant (403 role_refused)', async () => {
    const assistant = await signInAs(SEED_ASSISTANT.email);
    const response = await call('GET', '/api/teams', undefined, assistant);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_refused');
  });
});

describe('createTeam and updateTeam', () => {
  it('adds a team and answers it as listed; a blank or missing name or project is the dialog message', async () => {
    const response = await call('POST', '/api/teams', { name: '  Harbour Crew ', project: 'Port Projects' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Harbour Crew',
      project: 'Port Projects',
      description: '',
      memberCount: 0,
      reportState: 'notRequested',
    });
    expect(bff.store.teams.get(response.json().id)?.coachUuid).toBe(DEMO);
    for (const body of [{ name: '   ', project: 'P' }, { name: 'N' }, { project: 'P', name: '' }]) {
      const refused = await call('POST', '/api/teams', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'team_fields_required', detail: 'Please enter a team name and a project name.' });
    }
    const tooLong = await call('POST', '/api/teams', { name: 'x'.repeat(251), project: 'P' });
    expect(tooLong.json().code).toBe('validation_failed');
  });

  it('edits only the fields sent; the name of a team with a report is locked; a received team cannot be edited', async () => {
    const finance = seeded('Finance Leadership');
    const edited = await call('PATCH', `/api/teams/${finance.uuid}`, { description: 'New cycle', name: 'Finance Leaders' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Finance Leaders', description: 'New cycle', project: 'Leadership 2026' });
    expect(bff.store.teams.get(finance.uuid)).toMatchObject({
      name: 'Finance Leaders',
      description: 'New cycle',
      coach: 'Leadership 2026',
    });

    const operations = seeded('Operations Supervisors');
    const renamed = await call('PATCH', `/api/teams/${operations.uuid}`, { name: 'Ops' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({
      code: 'team_name_locked',
      detail: 'Editing the team name is disabled when the report is available.',
    });
    expect((await call('PATCH', `/api/teams/${operations.uuid}`, { project: 'Ops 2026' })).json().project).toBe('Ops 2026');
    expect((await call('PATCH', `/api/teams/${finance.uuid}`, { project: ' ' })).json().code).toBe('team_fields_required');

    const received = await call('PATCH', `/api/teams/${seeded('Sales Team North', 'received').uuid}`, { description: 'x' });
    expect(received.statusCode).toBe(403);
    expect(received.json()).toMatchObject({
      code: 'team_received',
      detail: 'This team has been given to you - you cannot edit it. You can only download the team reports.',
    });
    expect((await call('PATCH', `/api/teams/${randomUUID()}`, { description: 'x' })).statusCode).toBe(404);
  });
});

describe('deleteTeams', () => {
  it('deletes per team and reports the locked and unknown ones by name', async () => {
    const finance = seeded('Finance Leadership');
    const operations = seeded('Operations Supervisors');
    const unknown = randomUUID();
    const response = await call('POST', '/api/teams/deletions', { ids: [finance.uuid, operations.uuid, unknown] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 3,
      succeeded: 1,
      notAttempted: 0,
      failed: [
        {
          id: operations.uuid,
          name: 'Operations Supervisors',
          code: 'team_report_locked',
          message: teamDeleteLocked('Operations Supervisors'),
        },
        { id: unknown, name: 'Unknown team', code: 'not_found', message: 'The page or record could not be found.' },
      ],
    });
    expect(bff.store.teams.has(finance.uuid)).toBe(false);
    expect(bff.store.teams.has(operations.uuid)).toBe(true);
  });

  it('refuses a selection holding a received team as a whole', async () => {
    const finance = seeded('Finance Leadership');
    const response = await call('POST', '/api/teams/deletions', { ids: [finance.uuid, seeded('Executive Committee', 'received').uuid] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'selection_includes_received',
      detail: 'Your selection includes teams that were given to you by another coach. Please amend your selection and try again.',
    });
    expect(bff.store.teams.has(finance.uuid)).toBe(true);
  });
});

describe('duplicateTeam', () => {
  it('duplicates a team with a report, its members included, under the default name', async () => {
    const executive = seeded('Executive Committee');
    const response = await call('POST', `/api/teams/${executive.uuid}/duplicate`, {});
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: duplicateName('Executive Committee', Date.now()),
      duplicatedSourceId: executive.uuid,
      memberCount: 5,
      reportState: 'notRequested',
    });
    expect(membersOf(response.json().id)).toHaveLength(5);
    const named = await call('POST', `/api/teams/${executive.uuid}/duplicate`, { name: 'Executive Committee 2026' });
    expect(named.json().name).toBe('Executive Committee 2026');
  });

  it('refuses a team without a report and a received team', async () => {
    const refused = await call('POST', `/api/teams/${seeded('Finance Leadership').uuid}/duplicate`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'team_report_not_requested',
      detail: 'A team report must be requested before you can duplicate this team.',
    });
    const received = await call('POST', `/api/teams/${seeded('Executive Committee', 'received').uuid}/duplicate`, {});
    expect(received.statusCode).toBe(403);
    expect(received.json().detail).toBe(receivedTeamMessage('duplicate', true));
  });
});

describe('assignTeamSco and revokeTeamSco', () => {
  it('gives teams to the coach with that e-mail, shows them as given, and takes them back per coach', async () => {
    const finance = seeded('Finance Leadership');
    const executive = seeded('Executive Committee');
    const ids = [finance.uuid, executive.uuid];
    const assigned = await call('POST', '/api/teams/sco-assignments', { ids, coachEmail: SEED_COACHES.peer.email });
    expect(assigned.json()).toEqual({ total: 2, succeeded: 2, failed: [], notAttempted: 0 });
    const list = (await call('GET', '/api/teams')).json();
    expect(list.hasGiven).toBe(true);
    const given = list.items.find((row: { id: string }) => row.id === finance.uuid);
    expect(given.givenTo).toEqual([{ id: SEED_COACHES.peer.uuid, name: 'Naledi', surname: 'Khumalo' }]);

    const revoked = await call('POST', '/api/teams/sco-revocations', { ids, coachId: SEED_COACHES.peer.uuid });
    expect(revoked.json()).toEqual({ total: 2, succeeded: 2, failed: [], notAttempted: 0 });
    expect(finance.scoGivenTo).toEqual([]);
    const again = await call('POST', '/api/teams/sco-revocations', { ids: [finance.uuid] });
    expect(again.json().failed).toEqual([
      {
        id: finance.uuid,
        name: 'Finance Leadership',
        code: 'sco_not_given',
        message: 'SCO revoking failed: the team was not given to that coach',
      },
    ]);
  });

  it('refuses an invalid or over-long e-mail, an unknown coach and a received team', async () => {
    const ids = [seeded('Finance Leadership').uuid];
    for (const coachEmail of ['not-an-email', `${'a'.repeat(40)}@example.test`]) {
      const refused = await call('POST', '/api/teams/sco-assignments', { ids, coachEmail });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid_email', detail: 'Please enter a valid email address.' });
    }
    const unknown = await call('POST', '/api/teams/sco-assignments', { ids, coachEmail: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'sco_coach_unknown',
      detail: "That email address is not associated with a coach registered on the provider's system",
    });
    const received = await call('POST', '/api/teams/sco-assignments', {
      ids: [...ids, seeded('Executive Committee', 'received').uuid],
      coachEmail: SEED_COACHES.levelOne.email,
    });
    expect(received.json().code).toBe('selection_includes_received');
    expect(seeded('Finance Leadership').scoGivenTo).toEqual([]);
  });
});

describe('getTeam', () => {
  it('answers the team page: members, leaders, the buttons and the charge', async () => {
    const finance = seeded('Finance Leadership');
    const response = await call('GET', `/api/teams/${finance.uuid}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.team.name).toBe('Finance Leadership');
    expect(page.members).toHaveLength(5);
    expect(page).toMatchObject({
      leaderCount: 1,
      membersLocked: false,
      canRequestReport: true,
      canCancelReport: false,
      allowedReportTypes: ['Ennea', 'IMf', 'Full'],
      dueDateMin: dueDateMin(Date.now()),
      dueDateMax: '2999-12-31',
      charge: { isFreeOfCharge: false },
    });
    const requested = (await call('GET', `/api/teams/${seeded('Operations Supervisors').uuid}`)).json();
    expect(requested).toMatchObject({ membersLocked: true, canRequestReport: false, canCancelReport: true });
  });

  it('refuses a received team with the spec text', async () => {
    const response = await call('GET', `/api/teams/${seeded('Sales Team North', 'received').uuid}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'team_received',
      detail: 'This team has been given to you - you cannot view it. You can only download the team reports.',
    });
  });
});

describe('team members', () => {
  it('adds picked assessments, counting those already members', async () => {
    const teamId = await newTeam();
    const [a, b, c] = freeAssessments(3) as [string, string, string];
    expect((await call('POST', `/api/teams/${teamId}/members`, { ids: [a, b] })).json()).toEqual({
      requested: 2,
      added: 2,
      alreadyMembers: 0,
    });
    expect((await call('POST', `/api/teams/${teamId}/members`, { ids: [b, c] })).json()).toEqual({
      requested: 2,
      added: 1,
      alreadyMembers: 1,
    });
    expect((await call('POST', `/api/teams/${teamId}/members`, { ids: [a] })).json()).toEqual({
      requested: 1,
      added: 0,
      alreadyMembers: 1,
    });
    const none = await call('POST', `/api/teams/${teamId}/members`, { ids: [] });
    expect(none.json()).toMatchObject({ code: 'no_members_selected', detail: 'Select members to add to the team.' });
    expect(membersOf(teamId)).toHaveLength(3);
  });

  it('sets the leader flag and comments, and answers the member as stored', async () => {
    const finance = seeded('Finance Leadership');
    const member = membersOf(finance.uuid)[1]?.assessmentUuid as string;
    const response = await call('PATCH', `/api/teams/${finance.uuid}/members/${member}`, {
      isTeamLeader: true,
      memberComments: 'Chairs the board.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: member, isTeamLeader: true, memberComments: 'Chairs the board.' });
    expect(membersOf(finance.uuid)[1]).toMatchObject({ isTeamLeader: 1, memberComments: 'Chairs the board.' });
    expect((await call('GET', `/api/teams/${finance.uuid}`)).json().leaderCount).toBe(2);
    expect((await call('PATCH', `/api/teams/${finance.uuid}/members/${randomUUID()}`, { isTeamLeader: true })).statusCode).toBe(404);
    const tooLong = await call('PATCH', `/api/teams/${finance.uuid}/members/${member}`, { memberComments: 'x'.repeat(251) });
    expect(tooLong.json().code).toBe('validation_failed');
  });

  it('removes members, reporting the ids that are not members by name', async () => {
    const finance = seeded('Finance Leadership');
    const [first] = membersOf(finance.uuid);
    const unknown = randomUUID();
    const response = await call('POST', `/api/teams/${finance.uuid}/members/deletions`, { ids: [first?.assessmentUuid, unknown] });
    expect(response.json()).toEqual({
      total: 2,
      succeeded: 1,
      notAttempted: 0,
      failed: [{ id: unknown, name: 'Unknown member', code: 'not_found', message: 'This assessment is not a member of the team.' }],
    });
    expect(membersOf(finance.uuid)).toHaveLength(4);
  });

  it('changes no member of a team with a report requested or available', async () => {
    const operations = seeded('Operations Supervisors');
    const member = membersOf(operations.uuid)[0]?.assessmentUuid as string;
    for (const response of [
      await call('POST', `/api/teams/${operations.uuid}/members`, { ids: freeAssessments(1) }),
      await call('PATCH', `/api/teams/${operations.uuid}/members/${member}`, { isTeamLeader: false }),
      await call('POST', `/api/teams/${operations.uuid}/members/deletions`, { ids: [member] }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'team_locked', detail: MEMBERSHIP_LOCKED });
    }
    expect(membersOf(operations.uuid)).toHaveLength(5);
  });
});

describe('requestTeamReport and cancelTeamReportRequest', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('requests with a due date after today, then cancels back to not requested', async () => {
    const finance = seeded('Finance Leadership');
    const response = await call('POST', `/api/teams/${finance.uuid}/report-request`, { reportType: 'Full', dueDate: inDays(7) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reportReady: false, reportRequestedDisplay: 'Combined', leaderCount: 1 });
    expect((await call('GET', `/api/teams/${finance.uuid}`)).json()).toMatchObject({
      canCancelReport: true,
      team: { reportState: 'requested' },
    });
    const again = await call('POST', `/api/teams/${finance.uuid}/report-request`, { reportType: 'Full', dueDate: inDays(7) });
    expect(again.json()).toMatchObject({ code: 'team_report_already_requested' });

    expect((await call('DELETE', `/api/teams/${finance.uuid}/report-request`)).statusCode).toBe(204);
    expect(finance.reportRequested).toBeNull();
    const twice = await call('DELETE', `/api/teams/${finance.uuid}/report-request`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'team_report_not_cancellable', detail: 'Failed' });
    expect((await call('DELETE', `/api/teams/${seeded('Executive Committee').uuid}/report-request`)).statusCode).toBe(409);
  });

  it('refuses a due date of today or before, after 2999-12-31, and a team with no members', async () => {
    const finance = seeded('Finance Leadership');
    for (const dueDate of [inDays(0), inDays(-1)]) {
      const refused = await call('POST', `/api/teams/${finance.uuid}/report-request`, { reportType: 'Ennea', dueDate });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'due_date_not_future',
        detail: 'Your due date cannot be today or any day before today',
      });
    }
    const late = await call('POST', `/api/teams/${finance.uuid}/report-request`, { reportType: 'Ennea', dueDate: '3000-01-01' });
    expect(late.json().code).toBe('validation_failed');
    expect(
      (await call('POST', `/api/teams/${finance.uuid}/report-request`, { reportType: 'Ennea', dueDate: '2999-12-31' })).statusCode,
    ).toBe(200);

    const empty = await newTeam();
    const none = await call('POST', `/api/teams/${empty}/report-request`, { reportType: 'Ennea', dueDate: inDays(3) });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'team_has_no_members', detail: 'You cannot have 0 members' });
    expect(bff.store.teams.get(empty)?.reportRequested).toBeNull();
  });

  it('offers a level 1 coach only the Enneagram team report', async () => {
    const levelOne = await signInAs(SEED_COACHES.levelOne.email);
    const teamId = await newTeam('Level One Team', levelOne);
    const assessment = [...bff.store.assessments.values()].find((a) => a.coachUUID === SEED_COACHES.levelOne.uuid)?.uuid as string;
    await call('POST', `/api/teams/${teamId}/members`, { ids: [assessment] }, levelOne);
    expect((await call('GET', `/api/teams/${teamId}`, undefined, levelOne)).json().allowedReportTypes).toEqual(['Ennea']);
    const refused = await call('POST', `/api/teams/${teamId}/report-request`, { reportType: 'IMf', dueDate: inDays(3) }, levelOne);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('report_type_not_allowed');
    const ennea = await call('POST', `/api/teams/${teamId}/report-request`, { reportType: 'Ennea', dueDate: inDays(3) }, levelOne);
    expect(ennea.json()).toMatchObject({ reportRequestedDisplay: 'Enneagram', leaderCount: 0 });
  });
});

describe('downloadTeamReport and downloadTeamSummary', () => {
  it('streams the report of an own or a received team under the team name', async () => {
    const executive = seeded('Executive Committee');
    const pdf = await call('GET', `/api/teams/${executive.uuid}/reports/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Executive Committee - team report.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pptx = await call('GET', `/api/teams/${executive.uuid}/reports/pptx`);
    expect(pptx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(pptx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call('GET', `/api/teams/${seeded('Executive Committee', 'received').uuid}/reports/pdf`)).statusCode).toBe(200);
  });

  it('answers Not yet available before the report and for a format not offered', async () => {
    const requested = await call('GET', `/api/teams/${seeded('Operations Supervisors').uuid}/reports/pdf`);
    expect(requested.statusCode).toBe(404);
    expect(requested.json()).toMatchObject({ code: 'report_not_available', detail: 'Not yet available' });
    expect((await call('GET', `/api/teams/${randomUUID()}/reports/pdf`)).json().code).toBe('not_found');
    // Once supplied, the Enneagram team report is offered as a PDF only.
    const operations = seeded('Operations Supervisors');
    operations.reportSuppliedAt = '2025-10-01 10:00:00';
    expect((await call('GET', `/api/teams/${operations.uuid}/reports/pdf`)).statusCode).toBe(200);
    const pptx = await call('GET', `/api/teams/${operations.uuid}/reports/pptx`);
    expect(pptx.statusCode).toBe(404);
    expect(pptx.json().code).toBe('report_not_available');
  });

  it("streams an own team's summary workbook; the legacy refusal of a received team's is 'Failed'", async () => {
    const summary = await call('GET', `/api/teams/${seeded('Finance Leadership').uuid}/summary`);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['content-disposition']).toBe('attachment; filename="Finance Leadership - summary.xlsx"');
    expect(summary.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const received = await call('GET', `/api/teams/${seeded('Executive Committee', 'received').uuid}/summary`);
    expect(received.statusCode).toBe(400);
    expect(received.json()).toMatchObject({ code: 'download_failed', detail: 'Failed' });
  });
});
