// The BFF's one copy of the pipeline rules (spec assessments-and-clients §3.1, §4.1, §4.2, §4.4;
// public-and-guest §3 "Client pipeline filter statuses"; coach-shell §4 "Assessment completeness"),
// read from the legacy assessment record. The dashboard tiles and the assessments table's filters both
// use it, so a tile's count is the number of rows its filter shows.
import type { components as Bff } from '../../generated/bff.ts';
import type { components as Legacy } from '../../generated/legacy.ts';

export type PipelineFilter = Bff['schemas']['PipelineFilter'];

/** What the rules read of a legacy assessment. */
export type Tracking = Pick<
  Legacy['schemas']['Assessment'],
  | 'assessmentType'
  | 'userInvite'
  | 'userRegistration'
  | 'guestCompletedAt'
  | 'marked'
  | 'userReport'
  | 'coachWrappedUp'
  | 'fromAnotherCoach'
>;

/** Every filter, in the order the assessments table's dropdown lists them. */
export const PIPELINE_FILTERS: readonly PipelineFilter[] = [
  'notInvitedYet',
  'invitedNotStarted',
  'startedIncomplete',
  'completeInMarking',
  'completeSendReport',
  'showAll',
  'receivedScos',
  'wrapped',
  'unwrapped',
];

/** spec coach-shell §2.3: a tile per predefined to-do filter; Received SCOs only for a coach who has received any. */
export const DASHBOARD_TILE_FILTERS: readonly PipelineFilter[] = [
  'notInvitedYet',
  'invitedNotStarted',
  'startedIncomplete',
  'completeInMarking',
  'completeSendReport',
];

/** spec assessments-and-clients §3.1: complete when guestCompletedAt is set. */
export const isComplete = (a: Pick<Tracking, 'guestCompletedAt'>): boolean => a.guestCompletedAt !== null && a.guestCompletedAt !== '';
export const isInvited = (a: Pick<Tracking, 'userInvite'>): boolean => a.userInvite === 1;
export const isRegistered = (a: Pick<Tracking, 'userRegistration'>): boolean => a.userRegistration === 1;
export const isMarked = (a: Pick<Tracking, 'marked'>): boolean => a.marked === 1;
export const isReportSent = (a: Pick<Tracking, 'userReport'>): boolean => a.userReport === 'sent';
export const isWrappedUp = (a: Pick<Tracking, 'coachWrappedUp'>): boolean => a.coachWrappedUp === 1;
export const isReceived = (a: Pick<Tracking, 'fromAnotherCoach'>): boolean => a.fromAnotherCoach === 1;
/** spec §9 "deleted only before the client registers": the flag or a registration time. */
export const hasRegistered = (a: Pick<Legacy['schemas']['Assessment'], 'userRegistration' | 'guestRegisteredAt'>): boolean =>
  isRegistered(a) || (a.guestRegisteredAt !== null && a.guestRegisteredAt !== '');

export type InviteState = Bff['schemas']['AssessmentRow']['inviteState'];
export type MarkingState = Bff['schemas']['AssessmentRow']['markingState'];

/** spec §4.2, §4.3: not invited, invited (an e-mail or a copied link), reminded (invited again). */
export function inviteStateOf(a: Pick<Tracking, 'userInvite'> & { reminded: number }): InviteState {
  if (a.reminded === 1) return 'reminded';
  return isInvited(a) ? 'invited' : 'notInvited';
}

/** spec §4.2: a completed Enneagram is auto-marked (scored at once); otherwise the legacy `marked`. */
export function markingStateOf(a: Pick<Tracking, 'assessmentType' | 'guestCompletedAt' | 'marked'>): MarkingState {
  if (a.assessmentType === 'ennea' && isComplete(a)) return 'autoMarked';
  return isMarked(a) ? 'marked' : 'notMarked';
}

/** spec assessments-and-clients §4.1; every filter but showAll, wrapped and unwrapped leaves wrapped-up records out. */
export function matchesFilter(a: Tracking, filter: PipelineFilter): boolean {
  switch (filter) {
    case 'showAll':
      return true;
    case 'wrapped':
      return isWrappedUp(a);
    case 'unwrapped':
      return !isWrappedUp(a);
  }
  if (isWrappedUp(a)) return false;
  switch (filter) {
    case 'notInvitedYet':
      return !isInvited(a) && !isRegistered(a);
    case 'invitedNotStarted':
      return isInvited(a) && !isRegistered(a) && !isComplete(a);
    case 'startedIncomplete':
      return isRegistered(a) && !isComplete(a);
    case 'completeInMarking':
      // An Enneagram is marked on completion (spec §4.2 "auto-marked"), so it never waits here.
      return isComplete(a) && !isMarked(a) && a.assessmentType !== 'ennea';
    case 'completeSendReport':
      return isComplete(a) && !isReportSent(a);
    case 'receivedScos':
      return isReceived(a);
  }
}

/** How many of the assessments each of `filters` matches, in the order given. */
export function countByFilter(
  assessments: readonly Tracking[],
  filters: readonly PipelineFilter[] = PIPELINE_FILTERS,
): { filter: PipelineFilter; count: number }[] {
  return filters.map((filter) => ({ filter, count: assessments.reduce((n, a) => (matchesFilter(a, filter) ? n + 1 : n), 0) }));
}

/**
 * spec coach-shell §4: the Total donut counts Completed (complete and report sent) against In progress
 * (the rest); wrapped-up records have left the to-do summaries (assessments-and-clients §4.4).
 */
export function completionSummary(assessments: readonly Tracking[]): { completed: number; inProgress: number } {
  let completed = 0;
  let inProgress = 0;
  for (const a of assessments) {
    if (isWrappedUp(a)) continue;
    if (isComplete(a) && isReportSent(a)) completed++;
    else inProgress++;
  }
  return { completed, inProgress };
}
