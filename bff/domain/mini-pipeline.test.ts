// The mini-only coach's pipeline: the period's bounds (today and the days before), the nudge's age, the median days
// from start to completion, and a scope that holds nothing.
import { describe, expect, it } from 'vitest';
import { miniPipelineFigures } from './mini-pipeline.ts';
import type { LegacyMiniAssessment } from './mini-records.ts';

const mini = (createdAt: string, section2CompletedAt: string | null): LegacyMiniAssessment => ({
  uniqueId: '00000000-0000-4000-8000-000000000000',
  createdAt,
  localLanguage: 'english',
  name: 'E',
  surname: 'H',
  email: 'e@x.test',
  section2CompletedAt,
  ennea: section2CompletedAt ? 2 : null,
  trifix: section2CompletedAt ? '261' : null,
});

const RECORDS = [
  mini('2026-11-29 08:00:00', null), // today
  mini('2026-11-15 10:00:00', null), // 14 days ago: waits 14 days
  mini('2026-11-16 10:00:00', null), // 13 days ago
  mini('2026-11-10 10:00:00', '2026-11-11 10:00:00'), // 1 day
  mini('2026-11-01 00:00:00', '2026-11-04 12:00:00'), // 3.5 days
  mini('2026-10-31 09:00:00', '2026-10-31 10:00:00'), // the 30th day back
  mini('2026-10-30 23:59:59', '2026-10-31 00:00:00'), // before the last 30 days
];
const scope = { days: 30 as const, today: '2026-11-29' };

describe('miniPipelineFigures', () => {
  it('counts the mini-assessments started in the period, the completed ones, their median days, and the waiting', () => {
    expect(miniPipelineFigures(RECORDS, scope, { started: 14 })).toEqual({
      funnel: [
        { stage: 'started', count: 6, conversion: null, medianDays: null, medianFrom: null },
        // 1 day, 3.5 days and 1 hour: the median is 1 day.
        { stage: 'completed', count: 3, conversion: 0.5, medianDays: 1, medianFrom: 'started' },
      ],
      nudges: [{ stage: 'nudgeStarted', count: 1, olderThan: 14 }],
    });
    expect(miniPipelineFigures(RECORDS, scope, { started: 1 }).nudges[0]?.count).toBe(2);
    expect(miniPipelineFigures(RECORDS, { ...scope, days: 90 }, { started: 14 }).funnel[0]?.count).toBe(7);
  });

  it('holds nothing for a project or a company, and no conversion without a start', () => {
    const figures = miniPipelineFigures(RECORDS, { ...scope, company: 'Karoo' }, { started: 14 });
    expect(figures.funnel.map((step) => [step.count, step.conversion, step.medianDays])).toEqual([
      [0, null, null],
      [0, null, null],
    ]);
    expect(figures.nudges[0]?.count).toBe(0);
  });
});
