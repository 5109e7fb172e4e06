// The errors a batch item can end with, and how each becomes a per-item failure of a BatchResult.
import { ProblemError } from '../plugins/app/problems.ts';

/**
 * The legacy API answered 403: the coach's legacy session is gone. The upstream layer throws it; a batch
 * stops at the first one and rethrows it so the route ends the BFF session (401 `session_ended`).
 */
export class SessionEndedError extends Error {
  readonly code = 'session_ended';
  constructor(message = 'The legacy API refused the session (403).', options?: ErrorOptions) {
    super(message, options);
    this.name = 'SessionEndedError';
  }
}

/** One item failed for a reason the user may read (`message` is shown as is, e.g. the legacy `error.info`). */
export class BatchItemError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BatchItemError';
    this.code = code;
  }
}

// Matched by shape too, so an upstream layer's own class (or a 401 problem it throws) also stops a batch.
export function isSessionEnded(error: unknown): boolean {
  if (error instanceof SessionEndedError) return true;
  if (error instanceof ProblemError) return error.code === 'session_ended';
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'session_ended';
}

// The contract's GatewayTimeout and BadGateway details; spec: assessments-and-clients §8 for the generic one.
export const TIMEOUT_MESSAGE = 'The service took too long to answer. Please try again later.';
export const UNEXPECTED_MESSAGE = 'There was an unexpected error';

export interface ItemReason {
  code: string;
  message: string;
}

/** Errors whose message is meant for the user; anything else is unexpected and only logged. */
export function isUserFacing(error: unknown): error is BatchItemError | ProblemError {
  return error instanceof BatchItemError || error instanceof ProblemError;
}

/** The code and user-facing message of an item's failure; causes of unexpected errors stay in the log. */
export function itemReason(error: unknown): ItemReason {
  if (error instanceof BatchItemError) return { code: error.code, message: error.message };
  if (error instanceof ProblemError) return { code: error.code, message: error.detail };
  return { code: 'upstream_error', message: UNEXPECTED_MESSAGE };
}
