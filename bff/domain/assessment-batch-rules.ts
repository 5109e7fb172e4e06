// The rules of the assessments' multi-select actions, as pure functions the batch services call before and
// while fanning out (spec assessments-and-clients §4.3, §4.4, §4.7, §5 "Edit", §8). Texts exactly as the
// spec writes them; where the spec gives none, the contract's (openapi/bff.yaml) BFF messages.

import { BatchItemError } from '../batch/batch-errors.ts';
import type { BatchItem } from '../batch/run-batch.ts';
import { problem } from '../problem.ts';

/** What the rules need to know about a selected assessment (from the legacy token record). */
export interface SelectedAssessment extends BatchItem {
  /** The client finished the assessment. */
  completed: boolean;
  /** Legacy `fromAnotherCoach`: given to this coach by another one (§4.7). */
  receivedFromAnotherCoach: boolean;
  /** Legacy `coachWrappedUp` = 1 (§4.4). */
  wrapped?: boolean | undefined;
}

// spec: assessments-and-clients §4.3.
export const NOTHING_TO_SEND = "There's nothing to be done - there are no invites to be sent.";
// spec: assessments-and-clients §5 "Edit"; coach-shell §5.
export const RECEIVED_SELECTION =
  'Your selection includes assessments that were given to you by another coach. Please amend your selection and try again.';
// The spec refuses a mixed selection without a message; this one is the contract's.
export const MIXED_WRAP_SELECTION = 'Your selection mixes wrapped and unwrapped assessments. Please amend your selection and try again.';

/** The name a batch reports an item by: the client's name and surname ("{name}" in the spec's messages). */
export function clientName(name: string, surname: string): string {
  return `${name} ${surname}`.replace(/\s+/g, ' ').trim();
}

/**
 * Send Invites/Reminders: completed assessments are skipped (§4.3); when nothing remains the whole call is
 * refused with 400 `nothing_to_send`.
 */
export function planInvites<T extends SelectedAssessment>(selection: readonly T[]): { toSend: T[]; skippedCompleted: number } {
  const toSend = selection.filter((assessment) => !assessment.completed);
  if (toSend.length === 0) throw problem(400, 'nothing_to_send', NOTHING_TO_SEND, 'Failed');
  return { toSend, skippedCompleted: selection.length - toSend.length };
}

/** Delete, edit, wrap-up and SCO assignment refuse a selection holding a received assessment, as a whole (§5 "Edit"). */
export function refuseReceived(selection: readonly SelectedAssessment[]): void {
  if (selection.some((assessment) => assessment.receivedFromAnotherCoach)) {
    throw problem(400, 'received_from_another_coach', RECEIVED_SELECTION, 'Failed');
  }
}

/**
 * Wrap/Unwrap to `wrapped`: a selection mixing wrapped and unwrapped assessments is refused (§4.4); answers the
 * assessments to change (none when the whole selection already is in that state).
 */
export function planWrap<T extends SelectedAssessment>(selection: readonly T[], wrapped: boolean): { toChange: T[] } {
  refuseReceived(selection);
  const states = new Set(selection.map((assessment) => Boolean(assessment.wrapped)));
  if (states.size > 1) throw problem(400, 'mixed_wrap_selection', MIXED_WRAP_SELECTION, 'Failed');
  return { toChange: selection.filter((assessment) => Boolean(assessment.wrapped) !== wrapped) };
}

// spec: assessments-and-clients §8, per-item messages ("{name} send failed with {error}" is domain/emails.ts).
/** "{name} wrapped up failed. Update failed for {name}." */
export const wrapFailed = (item: BatchItem): string => `${item.name} wrapped up failed. Update failed for ${item.name}.`;

/** A delete refused because the client registered (the rule is the spec's, the text the contract's). */
export function alreadyRegistered(name: string): BatchItemError {
  return new BatchItemError('already_registered', `${name} has already registered and cannot be deleted.`);
}

/** spec: assessments-and-clients §8, a team-report lock. */
export function teamReportLocked(teamName: string): BatchItemError {
  return new BatchItemError(
    'team_report_locked',
    `The report for team ${teamName} has already been requested or generated - cannot delete.`,
  );
}
