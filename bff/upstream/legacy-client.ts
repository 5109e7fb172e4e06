// The typed client of the legacy API: openapi-fetch (typed by generated/legacy.ts) over undici's fetch
// through one keep-alive Agent. Built per request, so it carries that session's legacy cookie and
// nothing of the browser's (no cookies, no X-CSRF). Every call has a timeout; GETs are retried on
// connection errors only; failures become problems (502/504) and a 403 ends the session (401).
import createClient, { type Client } from 'openapi-fetch';
import { Agent, fetch as undiciFetch } from 'undici';
import type { paths } from '../../generated/legacy.ts';
import { problem } from '../plugins/app/problems.ts';

export type LegacyClient = Client<paths>;

export interface UpstreamCall {
  method: string;
  /** The contract's path template, never the raw URL (guest tokens and reset codes live in paths). */
  path: string;
  status: number | null;
  durationMs: number;
  attempts: number;
}

export interface LegacyClientOptions {
  baseUrl: string;
  agent: Agent;
  timeoutMs: number;
  /** The session's legacy cookie header value (`name=value; name2=value2`), if any. */
  cookie?: string | undefined;
  /** Aborts every call (the browser went away, or a batch was stopped). */
  signal?: AbortSignal | undefined;
  /** Runs on an upstream 403 before the call fails with 401 session_ended (item 4: destroy the session). */
  onForbidden?: (() => Promise<void>) | undefined;
  /** Told about every call, for the request log line. */
  onCall?: ((call: UpstreamCall) => void) | undefined;
  now?: () => number;
}

export const SESSION_ENDED_DETAIL = 'Your session has ended. Please log in again.';
// spec: assessments-and-clients §8, the generic failure message.
const UPSTREAM_DETAIL = 'There was an unexpected error';
const IDEMPOTENT = new Set(['GET', 'HEAD']);
const MAX_ATTEMPTS = 3;
// Legacy GETs that change state (spec §7: they send, record, cancel, block, acknowledge, combine or end
// a session). A reset after the request went out may have done the work already: never retried.
const STATE_CHANGING_GETS: ReadonlySet<string> = new Set([
  '/api/v2/tokens/{assessmentId}/sendinvite',
  '/api/v2/tokens/{assessmentId}/copiedAssessmentLink',
  '/api/v2/teams/{teamId}/cancelReportRequest',
  '/api/v2/coaches/{coachId}/assistantBlock/{assistantId}/{action}',
  '/api/v3/coaches/{coachId}/ackedLatestMessages',
  '/api/v3/hybridise/{bioAssessmentId}/{enneagramAssessmentId}/{imfAssessmentId}',
  '/api/v2/logout',
] satisfies Array<keyof paths>);
// undici's codes for a connection that failed or broke before an answer came (safe to retry a GET).
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The one keep-alive connection pool to the legacy API (closed with the app). */
export function createLegacyAgent(): Agent {
  return new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 128, connect: { timeout: 5_000 } });
}

export function upstreamError(): Error {
  return problem(502, 'upstream_error', UPSTREAM_DETAIL, 'Failed');
}

export function upstreamTimeout(): Error {
  return problem(504, 'upstream_timeout', UPSTREAM_DETAIL, 'Failed');
}

function isConnectionError(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' && CONNECTION_ERRORS.has(cause.code);
}

/** The `error.info` of a legacy 400 (shown to the user as is), when the answer has one. */
export function legacyErrorInfo(error: unknown): string | undefined {
  const info = (error as { error?: { info?: unknown } } | undefined)?.error?.info;
  return typeof info === 'string' && info.trim() !== '' ? info : undefined;
}

export function createLegacyClient(options: LegacyClientOptions): LegacyClient {
  const { baseUrl, agent, timeoutMs, cookie, signal, onForbidden, onCall, now = Date.now } = options;
  const templates = new WeakMap<Request, string>();

  async function send(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // The cache-busting `t` the legacy API expects on its generic calls.
    if (url.pathname.startsWith('/api/') && !url.searchParams.has('t')) url.searchParams.set('t', String(now()));
    const headers = new Headers(request.headers);
    if (cookie) headers.set('cookie', cookie);
    const body = IDEMPOTENT.has(request.method) ? undefined : await request.arrayBuffer();
    const started = performance.now();
    const call: UpstreamCall = {
      method: request.method,
      path: templates.get(request) ?? url.pathname,
      status: null,
      durationMs: 0,
      attempts: 0,
    };
    try {
      const response = await attempt(url, request.method, headers, body, call, request.signal);
      call.status = response.status;
      return await checked(response);
    } finally {
      call.durationMs = Math.round(performance.now() - started);
      onCall?.(call);
    }
  }

  async function attempt(
    url: URL,
    method: string,
    headers: Headers,
    body: ArrayBuffer | undefined,
    call: UpstreamCall,
    ownSignal: AbortSignal,
  ): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    // The call's own signal (`signal` in its options), the client's, and the timeout.
    const callSignal = AbortSignal.any([timeout, ownSignal, ...(signal ? [signal] : [])]);
    for (;;) {
      call.attempts += 1;
      try {
        const init = {
          method,
          headers: Object.fromEntries(headers),
          body,
          signal: callSignal,
          dispatcher: agent,
          redirect: 'manual' as const,
        };
        return (await undiciFetch(url, init)) as unknown as Response;
      } catch (error) {
        if (timeout.aborted) throw upstreamTimeout();
        if (callSignal.aborted) throw error;
        if (IDEMPOTENT.has(method) && !STATE_CHANGING_GETS.has(call.path) && isConnectionError(error) && call.attempts < MAX_ATTEMPTS)
          continue;
        throw Object.assign(upstreamError(), { cause: error });
      }
    }
  }

  async function checked(response: Response): Promise<Response> {
    if (response.status === 403) {
      await response.body?.cancel();
      await onForbidden?.();
      throw problem(401, 'session_ended', SESSION_ENDED_DETAIL);
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw upstreamError();
    }
    if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
    // JSON answers are small: read them here, so an unparseable one is a 502 and not a crash later.
    const text = await response.text().catch((error: unknown) => {
      throw Object.assign(upstreamError(), { cause: error });
    });
    if (text !== '') {
      try {
        JSON.parse(text);
      } catch (error) {
        throw Object.assign(upstreamError(), { cause: error });
      }
    }
    return new Response(text === '' ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), fetch: send });
  client.use({
    onRequest({ request, schemaPath }) {
      templates.set(request, schemaPath);
    },
  });
  return client;
}
