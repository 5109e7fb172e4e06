import type { components as bff } from '../../generated/bff.ts';
import type { Assessment } from './types.ts';

// The portal's vocabulary for the states of spec assessments-and-clients §4.1–§4.2, as the BFF contract names them.
export type PipelineFilter = bff['schemas']['PipelineFilter'];
export type InviteState = bff['schemas']['AssessmentRow']['inviteState'];
export type MarkingState = bff['schemas']['AssessmentRow']['markingState'];

/** Where an assessment stands in the pipeline: one stage per assessment, in order. */
export type PipelineStage =
  | 'notInvited'
  | 'invitedNotStarted'
  | 'startedIncomplete'
  | 'completeInMarking'
  | 'completeSendReport'
  | 'reportSent';

export const PIPELINE_STAGES: readonly PipelineStage[] = [
  'notInvited',
  'invitedNotStarted',
  'startedIncomplete',
  'completeInMarking',
  'completeSendReport',
  'reportSent',
];

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

export type Tracking = Pick<
  Assessment,
  | 'assessmentType'
  | 'userInvite'
  | 'reminded'
  | 'userRegistration'
  | 'guestCompletedAt'
  | 'marked'
  | 'userReport'
  | 'coachWrappedUp'
  | 'fromAnotherCoach'
>;

/** spec assessments-and-clients §3.1: complete when guestCompletedAt is set. */
export const isComplete = (a: Pick<Assessment, 'guestCompletedAt'>): boolean => a.guestCompletedAt !== null && a.guestCompletedAt !== '';
export const isRegistered = (a: Pick<Assessment, 'userRegistration'>): boolean => a.userRegistration === 1;
export const isWrappedUp = (a: Pick<Assessment, 'coachWrappedUp'>): boolean => a.coachWrappedUp === 1;
export const isReportSent = (a: Pick<Assessment, 'userReport'>): boolean => a.userReport === 'sent';
export const isReceived = (a: Pick<Assessment, 'fromAnotherCoach'>): boolean => a.fromAnotherCoach === 1;

/** spec assessments-and-clients §4.2: invite not sent, invited, reminded. */
export function inviteState(a: Pick<Assessment, 'userInvite' | 'reminded'>): InviteState {
  if (a.reminded === 1) return 'reminded';
  return a.userInvite === 1 ? 'invited' : 'notInvited';
}

/** spec assessments-and-clients §4.2: not marked, marked, auto-marked (a completed Enneagram is scored immediately). */
export function markingState(a: Pick<Assessment, 'assessmentType' | 'marked' | 'guestCompletedAt'>): MarkingState {
  if (a.assessmentType === 'ennea' && isComplete(a)) return 'autoMarked';
  return a.marked === 1 ? 'marked' : 'notMarked';
}

export function pipelineStage(a: Tracking): PipelineStage {
  if (isComplete(a)) {
    if (isReportSent(a)) return 'reportSent';
    return a.assessmentType !== 'ennea' && a.marked !== 1 ? 'completeInMarking' : 'completeSendReport';
  }
  if (isRegistered(a)) return 'startedIncomplete';
  return a.userInvite === 1 ? 'invitedNotStarted' : 'notInvited';
}

/** spec assessments-and-clients §4.1; all but showAll, wrapped and unwrapped exclude wrapped-up records. */
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
      return a.userInvite !== 1 && !isRegistered(a);
    case 'invitedNotStarted':
      return a.userInvite === 1 && !isRegistered(a) && !isComplete(a);
    case 'startedIncomplete':
      return isRegistered(a) && !isComplete(a);
    case 'completeInMarking':
      return isComplete(a) && a.marked !== 1 && a.assessmentType !== 'ennea';
    case 'completeSendReport':
      return isComplete(a) && !isReportSent(a);
    case 'receivedScos':
      return isReceived(a);
  }
}

export function filterAssessments<T extends Tracking>(assessments: readonly T[], filter: PipelineFilter): T[] {
  return assessments.filter((a) => matchesFilter(a, filter));
}

/** How many records each filter matches (the dashboard tiles, spec coach-shell §2.3). */
export function countByFilter(assessments: readonly Tracking[]): Record<PipelineFilter, number> {
  const counts = Object.fromEntries(PIPELINE_FILTERS.map((filter) => [filter, 0])) as Record<PipelineFilter, number>;
  for (const a of assessments) for (const filter of PIPELINE_FILTERS) if (matchesFilter(a, filter)) counts[filter]++;
  return counts;
}

/** spec coach-shell §4: the donut counts Completed (complete and report sent) against In progress (the rest). */
export function completionSummary(assessments: readonly Tracking[]): { completed: number; inProgress: number } {
  const completed = assessments.filter((a) => isComplete(a) && isReportSent(a)).length;
  return { completed, inProgress: assessments.length - completed };
}

export type InviteOutcome =
  | { kind: 'skip'; reason: 'complete' }
  | { kind: 'send'; isReminder: boolean; patch: Pick<Assessment, 'userInvite' | 'reminded'> };

/** spec assessments-and-clients §4.3: completed assessments are skipped; inviting again is a reminder; sending flags invited. */
export function inviteOutcome(a: Pick<Assessment, 'userInvite' | 'reminded' | 'guestCompletedAt'>): InviteOutcome {
  if (isComplete(a)) return { kind: 'skip', reason: 'complete' };
  const isReminder = a.userInvite === 1;
  return { kind: 'send', isReminder, patch: { userInvite: 1, reminded: isReminder ? 1 : a.reminded } };
}

export const NOTHING_TO_INVITE = "There's nothing to be done - there are no invites to be sent.";

/** spec assessments-and-clients §4.3: copying the link counts as invited (not as a reminder). */
export function linkCopiedPatch(): Pick<Assessment, 'userInvite'> {
  return { userInvite: 1 };
}

/** spec assessments-and-clients §9, coach-shell §4: deletion only before the client registers. */
export const canDelete = (a: Pick<Assessment, 'userRegistration' | 'guestRegisteredAt'>): boolean =>
  !isRegistered(a) && a.guestRegisteredAt === null;

export type WrapDecision = { ok: true; coachWrappedUp: 0 | 1 } | { ok: false; reason: 'mixed' | 'received' | 'empty' };

/** spec assessments-and-clients §4.4 (mixed selection refused), §4.7 (received records cannot be wrapped up). */
export function wrapToggle(selection: readonly Pick<Assessment, 'coachWrappedUp' | 'fromAnotherCoach'>[]): WrapDecision {
  if (selection.length === 0) return { ok: false, reason: 'empty' };
  if (selection.some(isReceived)) return { ok: false, reason: 'received' };
  const wrapped = selection.filter(isWrappedUp).length;
  if (wrapped !== 0 && wrapped !== selection.length) return { ok: false, reason: 'mixed' };
  return { ok: true, coachWrappedUp: wrapped === 0 ? 1 : 0 };
}

export const RECEIVED_SELECTION_REFUSED =
  'Your selection includes assessments that were given to you by another coach. Please amend your selection and try again.';
