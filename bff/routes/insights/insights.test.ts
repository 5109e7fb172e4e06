// The insights' arithmetic on known inputs: the weeks of completions, the credits used per month and the balance's
// forecast from a known transaction history, and a team's figures from known members.
import { describe, expect, it } from 'vitest';
import type { components as Bff } from '../../../generated/bff.ts';
import { completionsPerWeek } from './completions-service.ts';
import { creditsInsight } from './credits-service.ts';
import { enneaTypeOf, maturityStageOf, teamInsight } from './team-service.ts';

// Sunday 29 November 2026, 10:00 UTC: the current week is Monday 23 to Sunday 29 November.
const NOW = Date.UTC(2026, 10, 29, 10);

describe('completionsPerWeek', () => {
  it('counts each completion in its week and type, oldest week first, the current one last', () => {
    const answer = completionsPerWeek(
      [
        { kind: 'ennea', completedAt: '2026-11-23 00:00:00' },
        { kind: 'full', completedAt: '2026-11-29 23:59:59' },
        { kind: 'EIT', completedAt: '2026-11-22 23:59:59' },
        { kind: 'ennea', completedAt: '2026-09-07 08:00:00' },
        { kind: 'ennea', completedAt: '2026-09-06 23:59:59' }, // the Sunday before the first week
        { kind: 'ennea', completedAt: '2026-11-30 00:00:00' }, // next week
      ],
      12,
      ['ennea', 'EIT', 'full'],
      NOW,
    );
    expect(answer.weeks).toBe(12);
    expect(answer.series).toHaveLength(12);
    expect(answer.series[0]).toEqual({ start: '2026-09-07', end: '2026-09-13', total: 1, counts: { ennea: 1, EIT: 0, full: 0, mini: 0 } });
    expect(answer.series[10]).toEqual({ start: '2026-11-16', end: '2026-11-22', total: 1, counts: { ennea: 0, EIT: 1, full: 0, mini: 0 } });
    expect(answer.series[11]).toEqual({ start: '2026-11-23', end: '2026-11-29', total: 2, counts: { ennea: 1, EIT: 0, full: 1, mini: 0 } });
    expect(answer.series.reduce((sum, week) => sum + week.total, 0)).toBe(4);
  });

  it('starts 52 weeks back on a Monday, across a year end', () => {
    const answer = completionsPerWeek([{ kind: 'mini', completedAt: '2026-01-01 12:00:00' }], 52, ['mini'], NOW);
    expect(answer.series[0]?.start).toBe('2025-12-01');
    expect(answer.series.find((week) => week.total === 1)).toMatchObject({ start: '2025-12-29', end: '2026-01-04' });
    expect(answer.types).toEqual(['mini']);
  });
});

describe('creditsInsight', () => {
  // A known history: a purchase of 100 in May, then 1 to 3 credits a week, a deletion credited back.
  const HISTORY = [
    { datetime: '2026-05-04 09:00:00', description: 'Bulk order of 100 credits paid', credits: 100 },
    { datetime: '2026-08-20 09:00:00', description: 'Enneagram assessment added for A B', credits: -1 },
    // The last 90 days run from 31 August 00:00.
    { datetime: '2026-08-31 00:00:00', description: 'Combined assessment added for C D', credits: -3 },
    { datetime: '2026-09-15 10:00:00', description: 'Maturity assessment added for E F', credits: -2 },
    { datetime: '2026-10-01 10:00:00', description: 'Combined assessment added for G H', credits: -3 },
    { datetime: '2026-10-02 10:00:00', description: 'Combined assessment for G H deleted - credited back', credits: 3 },
    { datetime: '2026-11-10 10:00:00', description: 'Full team report requested for Sales', credits: -4 },
    { datetime: '2026-11-28 10:00:00', description: 'Workplace pair report for I and J', credits: -5 },
  ];

  it('sums the credits used per month over 12 months, credits back taken off, purchases left out', () => {
    const { months } = creditsInsight(HISTORY, 60, NOW);
    expect(months.map((entry) => entry.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months.slice(-4).map((entry) => entry.used)).toEqual([4, 2, 0, 9]);
    expect(months.slice(0, 8).every((entry) => entry.used === 0)).toBe(true);
  });

  it("forecasts the day a positive balance reaches 0 at the last 90 days' rate", () => {
    // Used in the window: 3 + 2 + 3 - 3 + 4 + 5 = 14 credits in 90 days, 14 / 3 ≈ 5 a month; 60 credits last
    // ceil(60 / (14 / 90)) = 386 days: 29 November 2026 + 386 days = 20 December 2027.
    expect(creditsInsight(HISTORY, 60, NOW).forecast).toEqual({
      kind: 'reachesZero',
      monthlyRate: 5,
      reachesZeroOn: '2027-12-20',
      usedSinceInvoice: null,
      lastInvoiceAt: null,
    });
  });

  it('says nothing is used when the last 90 days used nothing', () => {
    const old = HISTORY.filter((tx) => tx.datetime < '2026-08-31');
    expect(creditsInsight(old, 99, NOW).forecast).toMatchObject({ kind: 'noRecentUse', monthlyRate: null, reachesZeroOn: null });
  });

  it('counts, for a deficit, the credits used since the last payment (a credit back is not one)', () => {
    expect(creditsInsight(HISTORY, -6, NOW).forecast).toEqual({
      kind: 'deficit',
      monthlyRate: null,
      reachesZeroOn: null,
      usedSinceInvoice: 15, // 1 + 3 + 2 + 3 - 3 + 4 + 5 after 4 May
      lastInvoiceAt: '2026-05-04T09:00:00Z',
    });
    const invoiced = [...HISTORY, { datetime: '2026-11-01 08:00:00', description: 'Pay-as-you-go invoice for October paid', credits: 9 }];
    expect(creditsInsight(invoiced, 0, NOW).forecast).toMatchObject({ usedSinceInvoice: 9, lastInvoiceAt: '2026-11-01T08:00:00Z' });
    expect(creditsInsight(HISTORY.slice(1), -20, NOW).forecast).toMatchObject({ usedSinceInvoice: 15, lastInvoiceAt: null });
  });
});

type TeamMember = Bff['schemas']['TeamMember'];
const member = (id: number, displayName: string, fields: Partial<TeamMember>): TeamMember => ({
  id: `a55e55e0-0000-4000-8000-${String(id).padStart(12, '0')}`,
  isTeamLeader: false,
  memberComments: '',
  displayName,
  project: '',
  company: '',
  occupation: '',
  assessmentType: 'full',
  enneaResult: null,
  scoreImf: null,
  completedAt: null,
  ...fields,
});

describe('teamInsight', () => {
  it('places completed members on the nine points and the eight stages, and names those still to complete', () => {
    const done = '2026-10-24T17:45:51Z';
    const answer = teamInsight([
      member(1, 'Anna Kiss', { enneaResult: '4 SX 145', scoreImf: 'Performing (PE)', completedAt: done }),
      member(2, 'Thabo Nkosi', { assessmentType: 'ennea', enneaResult: '4 SO 479', completedAt: done }),
      member(3, 'Pieter de Wet', { assessmentType: 'EIT', scoreImf: 'Being (BE)', completedAt: done }),
      member(4, 'Lerato Dlamini', { assessmentType: 'ennea' }),
      member(5, 'Sipho Zulu', { assessmentType: 'EIT', completedAt: done }), // completed, not marked yet
      // A result carried by an incomplete record never counts.
      member(6, 'Ngozi Obi', { enneaResult: '9 SP 963' }),
    ]);
    expect(answer.memberCount).toBe(6);
    expect(answer.completedCount).toBe(4);
    expect(answer.enneagram.map((point) => point.count)).toEqual([0, 0, 0, 2, 0, 0, 0, 0, 0]);
    expect(answer.enneagram[3]?.members).toEqual(['Anna Kiss', 'Thabo Nkosi']);
    expect(answer.maturity.map((stage) => stage.count)).toEqual([0, 0, 0, 1, 0, 0, 0, 1]);
    expect(answer.maturity[7]).toEqual({ stage: 8, code: 'BE', name: 'Being', count: 1, members: ['Pieter de Wet'] });
    expect(answer.pending).toEqual([
      { id: 'a55e55e0-0000-4000-8000-000000000004', name: 'Lerato Dlamini' },
      { id: 'a55e55e0-0000-4000-8000-000000000006', name: 'Ngozi Obi' },
    ]);
  });

  it('reads the type and the stage from the results as shown', () => {
    expect([enneaTypeOf('7 SP 738'), enneaTypeOf(' 1w9'), enneaTypeOf('10'), enneaTypeOf(''), enneaTypeOf(null)]).toEqual([
      7,
      1,
      null,
      null,
      null,
    ]);
    expect([
      maturityStageOf('Conforming (CO)'),
      maturityStageOf('transforming'),
      maturityStageOf('Unknown'),
      maturityStageOf(null),
    ]).toEqual([2, 7, null, null]);
  });
});
