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
