// The insights operations against the stateful sandbox legacy API: the demo coach's year of completions, transactions
// and teams, a mini-only coach's mini-assessments, and the roles. Every answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';
import { creditsInsight } from './credits-service.ts';

const DEMO = SEED_COACHES.demo.uuid;

let bff: SandboxBff;
let demo: string;
beforeAll(async () => {
  bff = await startSandboxBff({ assessments: 120 });
  demo = await bff.signIn();
});
afterAll(() => bff?.close());

const get = (url: string, cookie = demo) =>
  injectChecked(bff.server, { method: 'GET', url, headers: CSRF, cookies: { [SESSION_COOKIE]: cookie } });

describe('getCompletionsInsight', () => {
  it("counts the demo coach's completed assessments, own and received, in the last 52 weeks", async () => {
    const response = await get('/api/insights/completions?weeks=52');
    expect(response.statusCode).toBe(200);
    const { weeks, types, series } = response.json();
    expect({ weeks, types, length: series.length }).toEqual({ weeks: 52, types: ['ennea', 'EIT', 'full'], length: 52 });
    const received = new Set(bff.store.scoGrants.filter((grant) => grant.toCoachUuid === DEMO).map((grant) => grant.assessmentUuid));
    const from = series[0].start;
    const completed = [...bff.store.assessments.values()].filter(
      (a) => (a.coachUUID === DEMO || received.has(a.uuid)) && a.guestCompletedAt !== null && a.guestCompletedAt >= from,
    );
    expect(series.reduce((sum: number, week: { total: number }) => sum + week.total, 0)).toBe(completed.length);
    expect(completed.length).toBeGreaterThan(20);
  });

  it('takes 12 weeks by default and refuses another span', async () => {
    expect((await get('/api/insights/completions')).json().series).toHaveLength(12);
    const refused = await get('/api/insights/completions?weeks=7');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('validation_failed');
  });

  it('gives a coach limited to minis their mini-assessments completed', async () => {
    const mini = await bff.signIn(SEED_COACHES.miniOnly.email);
    const response = await get('/api/insights/completions?weeks=52', mini);
    expect(response.statusCode).toBe(200);
    const { types, series } = response.json();
    expect(types).toEqual(['mini']);
    const done = [...bff.store.miniAssessments.values()].filter(
      (record) =>
        record.coachUuid === SEED_COACHES.miniOnly.uuid &&
        record.section2CompletedAt !== null &&
        record.section2CompletedAt >= series[0].start,
    );
    expect(series.reduce((sum: number, week: { counts: { mini: number } }) => sum + week.counts.mini, 0)).toBe(done.length);
  });
});

describe('getCreditsInsight', () => {
  it('answers the months and forecast of the transaction history and balance the Balance screen shows', async () => {
    const response = await get('/api/insights/credits');
    expect(response.statusCode).toBe(200);
    const history = bff.store.balance.filter((entry) => entry.coachUuid === DEMO);
    const { balance } = (await get('/api/credits')).json();
    expect(response.json()).toEqual(creditsInsight(history, balance, Date.now()));
    expect(response.json().months.some((month: { used: number }) => month.used > 0)).toBe(true);
    // A year of pay-as-you-go invoices, one on the first of each month.
    const invoices = history.filter((entry) => entry.description.startsWith('Pay-as-you-go invoice for '));
    expect(invoices.length).toBeGreaterThanOrEqual(10);
    expect(new Set(invoices.map((entry) => entry.datetime.slice(0, 7))).size).toBe(invoices.length);
  });

  it('holds the history until a charge: adding an assessment drops it, and the month counts the charge', async () => {
    const history = () => bff.store.balance.filter((entry) => entry.coachUuid === DEMO);
    await get('/api/insights/credits');
    const loads = bff.server.snapshots.loads;
    const before = (await get('/api/insights/credits')).json();
    expect(bff.server.snapshots.loads).toBe(loads);
    const client = [...bff.store.assessments.values()].find((a) => a.coachUUID === DEMO)?.clientUUID;
    const added = await injectChecked(bff.server, {
      method: 'POST',
      url: `/api/clients/${client}/assessments`,
      headers: { ...CSRF, 'idempotency-key': crypto.randomUUID() },
      cookies: { [SESSION_COOKIE]: demo },
      payload: { assessmentType: 'ennea' },
    });
    expect(added.statusCode).toBe(201);
    const after = (await get('/api/insights/credits')).json();
    // spec coach-shell §9: an Enneagram assessment costs 1 credit, used this month.
    expect(after.months.at(-1).used).toBe(before.months.at(-1).used + 1);
    expect(after).toEqual(creditsInsight(history(), before.balance - 1, Date.now()));
  });
});

describe('getTeamInsight', () => {
  it("places a team's completed members by type and stage and names the others", async () => {
    const team = [...bff.store.teams.values()].find((entry) => entry.coachUuid === DEMO && entry.scoGivenTo.length === 0);
    if (!team) throw new Error('the demo coach has a team');
    const members = bff.store.teamMembers
      .filter((member) => member.teamUuid === team.uuid)
      .map((m) => bff.store.assessments.get(m.assessmentUuid));
    const response = await get(`/api/insights/teams/${team.uuid}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    const completed = members.filter((a) => a?.guestCompletedAt);
    expect(answer.memberCount).toBe(members.length);
    expect(answer.completedCount).toBe(completed.length);
    const withType = completed.filter((a) => a?.assessmentType !== 'EIT' && a?.userEnnea);
    expect(answer.enneagram.reduce((sum: number, point: { count: number }) => sum + point.count, 0)).toBe(withType.length);
    for (const a of withType) {
      const client = bff.store.clients.get(a?.clientUUID ?? '');
      expect(answer.enneagram[(a?.userEnnea ?? 0) - 1].members).toContain(`${client?.name} ${client?.surname}`);
    }
    expect(answer.pending).toHaveLength(members.length - completed.length);
    // The seed's teams not yet reported on have members still to complete.
    expect(answer.pending.length).toBeGreaterThan(0);
  });

  it('places the maturity results the legacy list shows on their stages', async () => {
    const teams = [...bff.store.teams.values()].filter((entry) => entry.coachUuid === DEMO && entry.scoGivenTo.length === 0);
    let placed = 0;
    for (const team of teams) {
      const marked = bff.store.teamMembers
        .filter((member) => member.teamUuid === team.uuid)
        .map((member) => bff.store.assessments.get(member.assessmentUuid))
        .filter((a) => a?.guestCompletedAt && a.assessmentType !== 'ennea' && a.scoreIMF !== null);
      const { maturity } = (await get(`/api/insights/teams/${team.uuid}`)).json();
      const counted = maturity.reduce((sum: number, stage: { count: number }) => sum + stage.count, 0);
      expect(counted).toBe(marked.length);
      placed += counted;
    }
    expect(placed).toBeGreaterThan(0);
  });

  it("refuses a received team as the team page does, and answers 404 for a team that is not the coach's", async () => {
    const received = [...bff.store.teams.values()].find((entry) => entry.scoGivenTo.includes(DEMO));
    const refused = await get(`/api/insights/teams/${received?.uuid}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('team_received');
    expect((await get('/api/insights/teams/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('refuses an assistant the three panels and a mini-only coach the credits and the team', async () => {
    const assistant = await bff.signIn('assistant@coachportal.test');
    const mini = await bff.signIn(SEED_COACHES.miniOnly.email);
    const team = [...bff.store.teams.values()].find((entry) => entry.coachUuid === DEMO);
    for (const [url, cookie] of [
      ['/api/insights/completions', assistant],
      ['/api/insights/credits', assistant],
      [`/api/insights/teams/${team?.uuid}`, assistant],
      ['/api/insights/credits', mini],
      [`/api/insights/teams/${team?.uuid}`, mini],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('role_refused');
    }
  });
});
