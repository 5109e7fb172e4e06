// The dashboard's pipeline panel for a coach limited to mini-assessments (the insights capability "Pipeline on the
// dashboard"; spec coach-shell §2.1, §2.4): their mini-assessments started in the period, started → completed, and
// the ones started the coach's `startedDays` or more days ago and not completed. The list dates a mini-assessment's
// start (`createdAt`, the Started column) and its end (`section2CompletedAt`, the Completed column) and nothing
// between, and it has no invite, report sent, project or company: the funnel is two steps and one nudge.
import type { LegacyMiniAssessment } from './mini-records.ts';
import { daysBefore, medianDays, type NudgeThresholds, type PipelineFigures, type PipelineScope, timeOf } from './pipeline-slices.ts';

/** The funnel and the nudge of a scope; a project or a company holds no mini-assessment. */
export function miniPipelineFigures(
  records: readonly LegacyMiniAssessment[],
  scope: PipelineScope,
  thresholds: Pick<NudgeThresholds, 'started'>,
): PipelineFigures {
  // "The last 30 days": started today or on one of the 29 days before; a nudge started on or before the day
  // `startedDays` before today.
  const from = daysBefore(scope.today, scope.days - 1);
  const until = daysBefore(scope.today, thresholds.started);
  const scoped = scope.project === undefined && scope.company === undefined;
  let started = 0;
  let completed = 0;
  let waiting = 0;
  const spans: number[] = [];
  for (const record of scoped ? records : []) {
    const day = record.createdAt.slice(0, 10);
    if (day < from) continue;
    started += 1;
    if (record.section2CompletedAt === null) {
      if (day <= until) waiting += 1;
      continue;
    }
    completed += 1;
    spans.push(Math.max(0, timeOf(record.section2CompletedAt) - timeOf(record.createdAt)));
  }
  return {
    funnel: [
      { stage: 'started', count: started, conversion: null, medianDays: null, medianFrom: null },
      {
        stage: 'completed',
        count: completed,
        conversion: started === 0 ? null : Math.round((completed / started) * 1000) / 1000,
        medianDays: medianDays(spans),
        medianFrom: 'started',
      },
    ],
    nudges: [{ stage: 'nudgeStarted', count: waiting, olderThan: thresholds.started }],
  };
}
