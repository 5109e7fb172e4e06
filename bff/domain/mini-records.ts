// The coach's mini-assessments as the legacy API lists them (spec coach-shell §2.4, §3 "Mini-assessment record"), read
// once for the Mini-Assessments page, the dashboard's completions of a coach limited to them and their pipeline: every
// time checked, so a record whose time is not a legacy time is 502 wherever it is read.
import type { components as Legacy } from '../../generated/legacy.ts';
import type { SessionContext } from '../operation.ts';
import { upstreamError } from '../problem.ts';
import { isLegacyTime } from './legacy-time.ts';

export type LegacyMiniAssessment = Legacy['schemas']['MiniAssessmentRecord'];

/** The coach's mini-assessments; 502 for an unusable answer or time. */
export async function readMiniAssessments(ctx: SessionContext): Promise<LegacyMiniAssessment[]> {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/miniAssessments', {
    params: { path: { coachId: ctx.session.coachId } },
    signal: ctx.signal,
  });
  if (!Array.isArray(data)) throw upstreamError();
  const usable = (record: LegacyMiniAssessment) =>
    isLegacyTime(record.createdAt) && (record.section2CompletedAt === null || isLegacyTime(record.section2CompletedAt));
  if (!data.every(usable)) {
    ctx.log.error('miniAssessments answered a time that is not a legacy time');
    throw upstreamError();
  }
  return data;
}
