import type { components } from '../../../../generated/bff.ts';

export type PipelineFilter = components['schemas']['PipelineFilter'];

/** How each pipeline filter is shown: dashboard tiles, the assessments filter (spec assessments-and-clients §4.1). */
export const PIPELINE_FILTER_LABELS: Readonly<Record<PipelineFilter, string>> = {
  notInvitedYet: 'Not invited yet',
  invitedNotStarted: 'Invited, not started',
  startedIncomplete: 'Started, incomplete',
  completeInMarking: 'Complete, in marking',
  completeSendReport: 'Complete, send report',
  showAll: 'Show all',
  receivedScos: 'Received SCOs',
  wrapped: 'Wrapped',
  unwrapped: 'Unwrapped',
};

export type PipelineStage = components['schemas']['PipelineStage'];
export type PipelinePeriod = components['schemas']['PipelinePeriod'];

/** The dashboard pipeline panel's steps and nudge groups, as the panel and the assessments table's note name them. */
export const PIPELINE_STAGE_LABELS: Readonly<Record<PipelineStage, string>> = {
  added: 'Added',
  invited: 'Invited',
  started: 'Started',
  completed: 'Completed',
  reportsSent: 'Reports sent',
  nudgeInvited: 'Invited, not started',
  nudgeStarted: 'Started, not complete',
  nudgeReport: 'Complete, no report sent',
};

export const PIPELINE_PERIODS: readonly PipelinePeriod[] = [30, 90, 365];

/** The URL parameters of a pipeline slice: the assessments table's scope (its list's `stage` and what goes with it). */
export const PIPELINE_SLICE_KEYS = ['stage', 'days', 'project', 'company', 'olderThan'] as const;

/** How long a nudge group has waited, in words ("added 7 or more days ago"): the list carries no invite date. */
export function nudgeAge(stage: PipelineStage, days: number): string {
  const ago = `${days} or more day${days === 1 ? '' : 's'} ago`;
  if (stage === 'nudgeInvited') return `added ${ago}`;
  if (stage === 'nudgeStarted') return `started ${ago}`;
  return `completed ${ago}`;
}

/** One sentence naming a slice: "Invited, not started, added 7 or more days ago · added in the last 90 days · project X". */
export function sliceDescription(slice: Readonly<Record<string, string>>): string | null {
  const stage = slice.stage as PipelineStage | undefined;
  if (!stage || !(stage in PIPELINE_STAGE_LABELS)) return null;
  const parts = [PIPELINE_STAGE_LABELS[stage]];
  const olderThan = Number(slice.olderThan);
  if (stage.startsWith('nudge') && Number.isInteger(olderThan) && olderThan > 0) parts[0] = `${parts[0]}, ${nudgeAge(stage, olderThan)}`;
  parts.push(`added in the last ${slice.days ?? '90'} days`);
  if (slice.project) parts.push(`project ${slice.project}`);
  if (slice.company) parts.push(`company ${slice.company}`);
  return parts.join(' · ');
}
