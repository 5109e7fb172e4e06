// The BFF's one problem vocabulary (RFC 9457, the contract's Problem), below every layer: services, the
// upstream client, batches and plugins all throw these; plugins/app/problems.ts turns them into answers.
// Nothing here knows Fastify.

/** The body of every error answer (application/problem+json). */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  instance: string;
  errors?: { field: string; message: string }[];
}

/** The contract's 401 detail, whatever ended the session (spec public-and-guest §4 "Session"). */
export const SESSION_ENDED_DETAIL = 'Your session has ended. Please log in again.';
// spec: assessments-and-clients §8, the generic failure message (also the contract's BadGateway detail).
export const UNEXPECTED_MESSAGE = 'There was an unexpected error';
// The contract's GatewayTimeout detail for a batch item that took too long.
export const TIMEOUT_MESSAGE = 'The service took too long to answer. Please try again later.';

const TITLES: Record<number, string> = {
  401: 'Session ended',
  403: 'Forbidden',
  404: 'Not found',
  429: 'Too many requests',
  503: 'Service unavailable',
};

/** The title a status gets when the thrower names none. */
export function titleOf(status: number): string {
  return TITLES[status] ?? 'Failed';
}

/** An error thrown on purpose: its detail is user-facing and is shown as is, whatever the status. */
export class ProblemError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly detail: string;
  readonly title: string;
  /** Members the contract adds to this problem (RFC 9457 extensions), e.g. `checks` of /readyz. */
  readonly extensions: Record<string, unknown>;
  /** Headers the answer carries, e.g. `retry-after` on a 503. */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    detail: string,
    title: string,
    extensions: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
    this.statusCode = status;
    this.code = code;
    this.detail = detail;
    this.title = title;
    this.extensions = extensions;
    this.headers = headers;
  }
}

export function problem(
  status: number,
  code: string,
  detail: string,
  title: string = titleOf(status),
  extensions: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): ProblemError {
  return new ProblemError(status, code, detail, title, extensions, headers);
}

/** A refusal the user reads (title 'Failed', as the spec's alerts are titled). */
export function failed(status: number, code: string, detail: string, extensions: Record<string, unknown> = {}): ProblemError {
  return problem(status, code, detail, 'Failed', extensions);
}

/** 401 session_ended: no session, or the legacy API refused it (403). */
export function sessionEnded(): ProblemError {
  return problem(401, 'session_ended', SESSION_ENDED_DETAIL);
}

/** 502: the legacy API failed or answered something unusable. */
export function upstreamError(): ProblemError {
  return failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
}

/** 504: the legacy API did not answer in time. */
export function upstreamTimeout(): ProblemError {
  return failed(504, 'upstream_timeout', UNEXPECTED_MESSAGE);
}

/** Seconds a client waits before retrying while a dependency is down (also /readyz's Retry-After). */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** 503 dependency_unavailable: a store the BFF needs (Redis) is down; the client may retry after a few seconds. */
export function dependencyUnavailable(extensions: Record<string, unknown> = {}): ProblemError {
  const detail = 'The service is unavailable. Please try again later.';
  return problem(503, 'dependency_unavailable', detail, titleOf(503), extensions, {
    'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS),
  });
}

/** The contract's text of a page or record that does not exist (or is not the coach's). */
export const NOT_FOUND_MESSAGE = 'The page or record could not be found.';

/** 404 not_found with the contract's text. */
export function notFound(): ProblemError {
  return problem(404, 'not_found', NOT_FOUND_MESSAGE);
}

/** The problems that answer a public link whose id does not exist (marked by the service that knows). */
const unknownLinks = new WeakSet<ProblemError>();

/**
 * Marks `error` as the answer to a link whose id is unknown: what a guesser gets, and what the public pages'
 * misses limit counts (plugins/app/rate-limits.ts). A known id refused for another reason (a report waiting for
 * marking, a form the guest filled wrongly) is not marked.
 */
export function unknownLink(error: ProblemError): ProblemError {
  unknownLinks.add(error);
  return error;
}

export const isUnknownLink = (error: unknown): boolean => error instanceof ProblemError && unknownLinks.has(error);

/** Is this the session-ended problem (what the legacy client throws on an upstream 403, and the route plugin without a session)? */
export function isSessionEnded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'session_ended';
}
