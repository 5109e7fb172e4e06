// The insights operations on a legacy stand-in that answers what each test tells it: the exact legacy calls (the
// completions read the assessments copy once, then none), the known answers mapped, and the failures: a 403 ends the
// session, a 5xx or an unusable answer is 502, a slow one 504.
import { afterEach, describe, expect, it } from 'vitest';
import { COACH_PATH, type FaultBff, forbidden, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import { legacyAssessment } from '../../test-support/legacy-assessments.ts';
import { legacyTeam, legacyTeamId } from '../../test-support/legacy-teams.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';

const HISTORY = `GET /api/v2/coaches/${LEGACY_COACH_ID}/balanceTransactions`;
const TEAMS = `GET /api/v2/coaches/${LEGACY_COACH_ID}/teams`;
const MINIS = `GET /api/v2/coaches/${LEGACY_COACH_ID}/miniAssessments`;
const members = (teamId: string) => `GET /api/v2/teams/${teamId}/members`;

let bff: FaultBff;
afterEach(() => bff?.close());

const recently = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().replace('T', ' ').slice(0, 19);

describe('getCompletionsInsight', () => {
  it('reads the assessments copy once: a second answer makes no legacy call', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, {
      status: 200,
      json: [
        legacyAssessment(1, { assessmentType: 'full', guestCompletedAt: recently(0) }),
        legacyAssessment(2, { assessmentType: 'ennea', guestCompletedAt: recently(0) }),
        legacyAssessment(3, { assessmentType: 'ennea', guestCompletedAt: null }),
      ],
    });
    const first = await bff.call('GET', '/api/insights/completions');
    expect(first.statusCode).toBe(200);
    expect(first.json().series.at(-1).counts).toEqual({ ennea: 1, EIT: 0, full: 1, mini: 0 });
    const calls = bff.upstream.received.length;
    expect((await bff.call('GET', '/api/insights/completions?weeks=26')).json().series).toHaveLength(26);
    expect(bff.upstream.received.length).toBe(calls);
  });

  it('reads the mini-assessments for a coach limited to them, and answers 502 for an unusable time', async () => {
    bff = await startFaultBff({ coach: { ...LEGACY_COACH, onlyMiniAssessment: true } });
    const mini = {
      uniqueId: legacyTeamId(9),
      createdAt: recently(1),
      localLanguage: 'english',
      name: 'E',
      surname: 'H',
      email: 'e@x.test',
    };
    bff.upstream.answer(
      MINIS,
      { status: 200, json: [{ ...mini, section2CompletedAt: recently(0), ennea: 2, trifix: '261' }] },
      { status: 200, json: [{ ...mini, section2CompletedAt: 'today', ennea: 2, trifix: '261' }] },
    );
    const answer = (await bff.call('GET', '/api/insights/completions')).json();
    expect(answer.types).toEqual(['mini']);
    expect(answer.series.at(-1).counts.mini).toBe(1);
    expect(bff.calls(TOKENS_PATH)).toEqual([]);
    expect((await bff.call('GET', '/api/insights/completions')).json().code).toBe('upstream_error');
  });

  it('ends the session after a legacy 403', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, forbidden);
    expect((await bff.call('GET', '/api/insights/completions')).json().code).toBe('session_ended');
  });
});

describe('getCreditsInsight', () => {
  it('reads the history and the balance, and forecasts from them', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(COACH_PATH, { status: 200, json: { ...LEGACY_COACH, tokenBalance: 30 } });
    bff.upstream.answer(HISTORY, {
      status: 200,
      json: [{ datetime: recently(10), description: 'Combined assessment added for A B', credits: -9, balance: 30 }],
    });
    const { balance, forecast } = (await bff.call('GET', '/api/insights/credits')).json();
    // 9 credits in 90 days: 3 a month; 30 credits last ceil(30 / 0.1) = 300 days.
    expect(balance).toBe(30);
    expect(forecast).toMatchObject({ kind: 'reachesZero', monthlyRate: 3 });
    expect(forecast.reachesZeroOn).toBe(new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10));
    expect(bff.calls(HISTORY)).toHaveLength(1);
  });

  it('holds the history as a copy: a second call reads only the balance', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(
      COACH_PATH,
      { status: 200, json: { ...LEGACY_COACH, tokenBalance: 30 } },
      { status: 200, json: { ...LEGACY_COACH, tokenBalance: 21 } },
    );
    bff.upstream.answer(HISTORY, {
      status: 200,
      json: [{ datetime: recently(10), description: 'Combined assessment added for A B', credits: -9, balance: 30 }],
    });
    expect((await bff.call('GET', '/api/insights/credits')).json().forecast.monthlyRate).toBe(3);
    const second = (await bff.call('GET', '/api/insights/credits')).json();
    // The balance is read again (21 credits at 0.1 a day: 210 days), the history is not.
    expect(second.balance).toBe(21);
    expect(second.forecast.reachesZeroOn).toBe(new Date(Date.now() + 210 * 86_400_000).toISOString().slice(0, 10));
    expect(bff.calls(HISTORY)).toHaveLength(1);
  });

  it('answers 502 for a time that is not a legacy time, 504 when too slow, 401 after a 403', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(
      HISTORY,
      { status: 200, json: [{ datetime: 'yesterday', description: 'x', credits: 1, balance: 1 }] },
      { fault: 'slow', delayMs: 1500 },
      forbidden,
    );
    expect((await bff.call('GET', '/api/insights/credits')).json().code).toBe('upstream_error');
    expect((await bff.call('GET', '/api/insights/credits')).json().code).toBe('upstream_timeout');
    expect((await bff.call('GET', '/api/insights/credits')).json().code).toBe('session_ended');
  });
});

describe('getTeamInsight', () => {
  const TEAM = legacyTeamId(1);
  const member = (n: number, displayName: string, enneaResult: string | null, completedAt: string | null) => ({
    uuid: legacyTeamId(100 + n),
    isTeamLeader: 0,
    memberComments: null,
    displayName,
    userCoach: null,
    userCompany: null,
    userOccupation: null,
    assessmentType: 'ennea',
    enneaResult,
    scoreIMF: null,
    completedAt,
  });

  it('reads the team list and the members, and places the known members', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [legacyTeam(1)] });
    bff.upstream.answer(members(TEAM), {
      status: 200,
      json: [member(1, 'Anna Kiss', '4 SX 145', '2025-10-24 17:45:51'), member(2, 'Lerato Dlamini', null, null)],
    });
    const answer = (await bff.call('GET', `/api/insights/teams/${TEAM}`)).json();
    expect(answer.enneagram[3]).toEqual({ type: 4, count: 1, members: ['Anna Kiss'] });
    expect(answer.pending).toEqual([{ id: legacyTeamId(102), name: 'Lerato Dlamini' }]);
    expect(bff.calls(members(TEAM))).toHaveLength(1);
  });

  it('answers 404 for a team not in the list (without reading members) and 502 for an unusable member', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TEAMS, { status: 200, json: [legacyTeam(1)] });
    expect((await bff.call('GET', `/api/insights/teams/${legacyTeamId(2)}`)).statusCode).toBe(404);
    expect(bff.calls(members(legacyTeamId(2)))).toEqual([]);
    bff.upstream.answer(members(TEAM), { status: 200, json: [member(1, 'Anna Kiss', '4 SX 145', 'soon')] });
    expect((await bff.call('GET', `/api/insights/teams/${TEAM}`)).json().code).toBe('upstream_error');
  });
});
