import { RECEIVED_SELECTION_REFUSED } from './pipeline.ts';
import type { Assessment } from './types.ts';
import { checkScoEmail } from './validation.ts';

// spec assessments-and-clients §4.7, §8; coach-shell §4 "SCO".
export const SCO_UNKNOWN_COACH = "That email address is not associated with a coach registered on the provider's system";
export const SCO_TO_SELF = 'You cannot assign assessments to yourself.';
export const SCO_ONLY_GIVER_REVOKES = 'Only the coach who gave this record can revoke it.';
export const SCO_NOT_GIVEN = 'This record was not given to that coach.';

export type ScoCoach = { uuid: string; name: string; surname: string };
type Shareable = Pick<Assessment, 'uuid' | 'coachUUID' | 'fromAnotherCoach' | 'scoGivenTo'>;

export type AssignDecision = { ok: true; newlyGiven: string[]; alreadyGiven: string[] } | { ok: false; info: string };

/**
 * Assign SCO: a valid address of a registered coach other than the giver; received records cannot be re-assigned.
 * `target` is the coach found by the e-mail, or null when none is registered with it.
 */
export function decideAssign(giverUuid: string, email: string, target: ScoCoach | null, selection: readonly Shareable[]): AssignDecision {
  const emailProblem = checkScoEmail(email);
  if (emailProblem) return { ok: false, info: emailProblem };
  if (!target) return { ok: false, info: SCO_UNKNOWN_COACH };
  if (target.uuid === giverUuid) return { ok: false, info: SCO_TO_SELF };
  if (selection.some((record) => record.fromAnotherCoach === 1 || record.coachUUID !== giverUuid))
    return { ok: false, info: RECEIVED_SELECTION_REFUSED };
  const alreadyGiven = selection
    .filter((record) => record.scoGivenTo.some((coach) => coach.uuid === target.uuid))
    .map((record) => record.uuid);
  const newlyGiven = selection.map((record) => record.uuid).filter((uuid) => !alreadyGiven.includes(uuid));
  return { ok: true, newlyGiven, alreadyGiven };
}

/** The answer's message (AssignSCO result), e.g. "2 assessment(s) given to Thandi Mokoena." */
export function assignMessage(target: ScoCoach, newlyGiven: number, alreadyGiven: number): string {
  const already = alreadyGiven > 0 ? ` ${alreadyGiven} had been given to them before.` : '';
  return `${newlyGiven} record(s) given to ${target.name} ${target.surname}.${already}`;
}

export type RevokeDecision = { ok: true } | { ok: false; info: string };

/** Revoke: only the giving coach, at any time (spec assessments-and-clients §4.7). */
export function decideRevoke(
  requesterUuid: string,
  record: Pick<Assessment, 'coachUUID' | 'scoGivenTo'>,
  secondaryCoachUuid: string,
): RevokeDecision {
  if (record.coachUUID !== requesterUuid) return { ok: false, info: SCO_ONLY_GIVER_REVOKES };
  if (!record.scoGivenTo.some((coach) => coach.uuid === secondaryCoachUuid)) return { ok: false, info: SCO_NOT_GIVEN };
  return { ok: true };
}

/** How a given record looks from the receiver's side: flagged, read-only, its giver named (spec §4.7). */
export function asReceived<
  T extends Pick<Assessment, 'fromAnotherCoach' | 'scoReceivedFrom' | 'scoGivenTo' | 'coachName' | 'coachSurname' | 'coachUUID'>,
>(record: T): T {
  return {
    ...record,
    fromAnotherCoach: 1,
    scoGivenTo: [],
    scoReceivedFrom: { uuid: record.coachUUID, name: record.coachName, surname: record.coachSurname },
  };
}
