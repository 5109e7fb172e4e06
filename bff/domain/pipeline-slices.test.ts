// The pipeline panel's rules on hand-made records, on a fixed day: the funnel's steps, conversions and medians, the
// nudges' thresholds at their boundary, the period and the scope, and the table's slice agreeing with each count.
import { describe, expect, it } from 'vitest';
import { legacyAssessment } from '../test-support/legacy-assessments.ts';
import { daysBefore, FUNNEL_STAGES, NUDGE_STAGES, pipelineFigures, pipelineIndex, scopeOf, sliceOf, sliceTest } from './pipeline-slices.ts';

const TODAY = '2026-11-29';
const on = (daysAgo: number, time = '10:00:00') => `${daysBefore(TODAY, daysAgo)} ${time}`;
const THRESHOLDS = { invited: 7, started: 14, completed: 3 };

const added = (n: number, daysAgo: number, fields = {}) => legacyAssessment(n, { tokenCreatedAt: on(daysAgo), ...fields });
const invited = (n: number, daysAgo: number, fields = {}) => added(n, daysAgo, { userInvite: 1, ...fields });
const started = (n: number, daysAgo: number, startedAgo: number, fields = {}) =>
  invited(n, daysAgo, { userRegistration: 1, guestRegisteredAt: on(startedAgo), ...fields });
const completed = (n: number, daysAgo: number, startedAgo: number, completedAgo: number, fields = {}) =>
  started(n, daysAgo, startedAgo, { userCompletion: 1, guestCompletedAt: on(completedAgo), ...fields });

const RECORDS = [
  added(1, 2),
  invited(2, 7), // invited, added exactly 7 days ago: needs a nudge
  invited(3, 6), // 6 days: not yet
  started(4, 20, 14), // started exactly 14 days ago: needs a nudge
  started(5, 20, 13),
  completed(6, 30, 26, 3), // complete exactly 3 days ago, no report: needs a nudge
  completed(7, 30, 28, 2),
  completed(8, 40, 30, 29, { userReport: 'sent' }),
  completed(9, 10, 10, 10, { coachWrappedUp: 1 }), // wrapped: in the funnel, never a nudge
  completed(10, 5, 4, 4, { fromAnotherCoach: 1 }), // received: in neither
  invited(11, 200, { userCoach: 'Old Project' }), // outside 90 days
];

describe('pipelineFigures', () => {
  const scope = scopeOf({ days: 90 }, TODAY);
  const { funnel, nudges } = pipelineFigures(pipelineIndex(RECORDS), scope, THRESHOLDS);

  it('counts each step with every record that went further, and its conversion from the step before', () => {
    expect(funnel.map(({ stage, count, conversion }) => ({ stage, count, conversion }))).toEqual([
      { stage: 'added', count: 9, conversion: null },
      { stage: 'invited', count: 8, conversion: 0.889 },
      { stage: 'started', count: 6, conversion: 0.75 },
      { stage: 'completed', count: 4, conversion: 0.667 },
      { stage: 'reportsSent', count: 1, conversion: 0.25 },
    ]);
  });

  it('gives the median days only between the dates the list carries', () => {
    // added → started: 6, 7, 4, 2, 10, 0 days → median 5; started → completed: 23, 26, 1, 0 → 12.
    expect(funnel.map(({ medianDays, medianFrom }) => [medianDays, medianFrom])).toEqual([
      [null, null],
      [null, null],
      [5, 'added'],
      [12, 'started'],
      [null, null],
    ]);
  });

  it('counts the nudges at their thresholds, wrapped-up and received records left out', () => {
    expect(nudges).toEqual([
      { stage: 'nudgeInvited', count: 1, olderThan: 7 },
      { stage: 'nudgeStarted', count: 1, olderThan: 14 },
      { stage: 'nudgeReport', count: 1, olderThan: 3 },
    ]);
    const lower = pipelineFigures(pipelineIndex(RECORDS), scope, { invited: 6, started: 13, completed: 2 }).nudges.map((n) => n.count);
    expect(lower).toEqual([2, 2, 2]);
  });

  it('reads the period back from today, today included', () => {
    expect(pipelineFigures(pipelineIndex(RECORDS), scopeOf({ days: 30 }, TODAY), THRESHOLDS).funnel[0]?.count).toBe(6);
    expect(pipelineFigures(pipelineIndex(RECORDS), scopeOf({ days: 365 }, TODAY), THRESHOLDS).funnel[0]?.count).toBe(10);
    const edge = [added(1, 29), added(2, 30)];
    expect(pipelineFigures(pipelineIndex(edge), scopeOf({ days: 30 }, TODAY), THRESHOLDS).funnel[0]?.count).toBe(1);
  });

  it('limits to one project or one company, in any case', () => {
    const project = scopeOf({ days: 365, project: 'old project' }, TODAY);
    expect(pipelineFigures(pipelineIndex(RECORDS), project, THRESHOLDS).funnel[0]?.count).toBe(1);
    const records = [added(1, 1, { clientCompany: 'Karoo Logistics' }), added(2, 1, { clientCompany: 'Other' })];
    expect(
      pipelineFigures(pipelineIndex(records), scopeOf({ days: 30, company: ' KAROO logistics ' }, TODAY), THRESHOLDS).funnel[0]?.count,
    ).toBe(1);
    expect(() => scopeOf({ days: 30, project: 'A', company: 'B' }, TODAY)).toThrow(expect.objectContaining({ code: 'one_scope' }));
  });

  it("keeps in each slice exactly the records the panel counts (the table's stage filter)", () => {
    const figures = pipelineFigures(pipelineIndex(RECORDS), scope, THRESHOLDS);
    const counted = [...figures.funnel, ...figures.nudges];
    for (const stage of [...FUNNEL_STAGES, ...NUDGE_STAGES]) {
      const slice = sliceOf({ stage, days: 90 }, TODAY);
      if (!slice) throw new Error('a stage makes a slice');
      expect(RECORDS.filter(sliceTest(slice)).length, stage).toBe(counted.find((step) => step.stage === stage)?.count);
    }
    expect(sliceOf({ days: 90 }, TODAY)).toBeUndefined();
    expect(sliceOf({ stage: 'nudgeReport' }, TODAY)).toMatchObject({ days: 90, olderThan: 3 });
    expect(sliceOf({ stage: 'completed', olderThan: 3 }, TODAY)?.olderThan).toBeUndefined();
  });
});
