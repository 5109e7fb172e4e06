import type { components } from '../../../generated/bff.ts';

export type Problem = components['schemas']['Problem'];

/** What the user sees when a call failed without a problem body (network down, proxy error page). */
export const UNREACHABLE_MESSAGE = 'The portal could not be reached. Please check your connection and try again.';

export function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'code' in value && 'detail' in value && typeof value.detail === 'string';
}

/** The message to show for a failed call: the problem's `detail` (the spec's text), else a generic one. */
export function problemMessage(error: unknown): string {
  return isProblem(error) ? error.detail : UNREACHABLE_MESSAGE;
}

/** The problem's machine-readable `code` (e.g. `reset_failed`), when the BFF answered one. */
export function problemCode(error: unknown): string | undefined {
  return isProblem(error) ? error.code : undefined;
}

/**
 * The sentence the BFF refused a field with (400 `validation_failed` naming it, e.g. "The template text contains
 * characters that are not allowed."), to show at that field; nothing for any other failure.
 */
export function fieldRefusal(error: unknown, field: string): string | undefined {
  if (!isProblem(error) || error.code !== 'validation_failed') return undefined;
  return refusedFields(error)[field];
}

/**
 * The fields a problem names in its `errors`, each with its sentence ("Please enter the name.", "Update failed - your
 * web profile email is invalid"), by the BFF's dotted field (`name`, `webProfile.email`): what a form shows at each field.
 */
export function refusedFields(error: unknown): Readonly<Record<string, string>> {
  if (!isProblem(error)) return {};
  return Object.fromEntries((error.errors ?? []).map(({ field, message }) => [field, message]));
}

const unreachable: Problem = { type: 'about:blank', title: 'Failed', status: 503, code: 'unreachable', detail: UNREACHABLE_MESSAGE };

/** A failed call as a problem (a network failure becomes the "could not be reached" one). */
export function asProblem(error: unknown): Problem {
  return isProblem(error) ? error : unreachable;
}

/**
 * What asking again can do after a failed call: `now` when the portal or the network failed (it may answer next
 * time), `wait` when a limit refused it (the seconds the BFF gives in `retryAfterSeconds`, a minute when it gives
 * none), `never` when the request itself is refused (an unknown or broken link, a refusal of the input): the same
 * request would get the same answer, so the page offers what can help instead.
 */
export type RetryAdvice = { kind: 'now' } | { kind: 'wait'; seconds: number } | { kind: 'never' };

const DEFAULT_WAIT_SECONDS = 60;

export function retryAdvice(error: unknown): RetryAdvice {
  if (!isProblem(error)) return { kind: 'now' };
  const wait = 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
  if (error.status === 429) return { kind: 'wait', seconds: Math.max(1, wait ?? DEFAULT_WAIT_SECONDS) };
  if (error.status >= 500 || error.status === 408) return wait ? { kind: 'wait', seconds: Math.max(1, wait) } : { kind: 'now' };
  return { kind: 'never' };
}
