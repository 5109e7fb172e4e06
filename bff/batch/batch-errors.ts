// The errors a batch item can end with, and how each becomes a per-item failure of a BatchResult.
import { ProblemError, UNEXPECTED_MESSAGE } from '../problem.ts';

/** One item failed for a reason the user may read (`message` is shown as is, e.g. the legacy `error.info`). */
export class BatchItemError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BatchItemError';
    this.code = code;
  }
}

export interface ItemReason {
  code: string;
  message: string;
}

/** Errors whose message is meant for the user; anything else is unexpected and only logged. */
export function isUserFacing(error: unknown): error is BatchItemError | ProblemError {
  return error instanceof BatchItemError || error instanceof ProblemError;
}

// undici's codes for a connection that broke after the request may have reached the legacy API (a refused or
// unreachable one never sent it).
const CUT_OFF = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * Was the item's legacy call possibly done although no answer says so? A timeout (504 `upstream_timeout`, the
 * legacy client's) or a connection cut off once the call went out: the legacy API may have sent the e-mail.
 */
export function isInDoubt(error: unknown): boolean {
  if (!(error instanceof ProblemError)) return false;
  if (error.code === 'upstream_timeout') return true;
  const cause = error.cause as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = cause?.code ?? cause?.cause?.code;
  return error.code === 'upstream_error' && typeof code === 'string' && CUT_OFF.has(code);
}

/** The code and user-facing message of an item's failure; causes of unexpected errors stay in the log. */
export function itemReason(error: unknown): ItemReason {
  if (error instanceof BatchItemError) return { code: error.code, message: error.message };
  if (error instanceof ProblemError) return { code: error.code, message: error.detail };
  return { code: 'upstream_error', message: UNEXPECTED_MESSAGE };
}
