// Secondary coach ownership, of assessments and of teams alike (spec assessments-and-clients §5 "SCO", §8;
// coach-shell §4 "SCO", §5 "SCO e-mail", §8): the receiving coach's e-mail and the legacy refusals.
import type { InvalidField } from '../operation.ts';
import { isEmailAddress } from './form-rules.ts';

/** spec: at most 45 characters (the contract's maxLength); the check itself is not shown, so the forms' pattern. */
export const SCO_EMAIL_MAX = 45;

export const isScoEmail = (email: string): boolean => email.length <= SCO_EMAIL_MAX && isEmailAddress(email);

/** A refused `coachEmail` (too long, missing, not a string) is the dialog's own message (contract: assignAssessmentSco, assignTeamSco). */
export const aboutCoachEmail = (failure: InvalidField): boolean => failure.in === 'body' && failure.field === 'coachEmail';

// The legacy text for an address no coach is registered with (spec §8; the product name is the legacy API's).
const UNKNOWN_COACH = /^That email address is not associated with a coach registered on the .+ system$/;

export const isUnknownCoach = (info: string | undefined): info is string => info !== undefined && UNKNOWN_COACH.test(info);

/** spec §8: "SCO revoking failed: {error}". */
export const revokeFailed = (error: string): string => `SCO revoking failed: ${error}`;
