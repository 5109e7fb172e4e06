// The typed client of the legacy API: a thin layer over undici on one keep-alive Agent (JSON and text
// answers read whole through `dispatchBuffered`, downloads streamed through `request`),
// typed by generated/legacy.ts (`request.legacy.GET('/api/v2/…', { params, body, signal })` answering
// `{ data, error, response }`, the openapi-fetch call shape). undici's fetch cost more per call than the
// rest of a pass-through request (docs/benchmarks.md). Built per request, so it carries that
// session's legacy cookie and nothing of the browser's (no cookies, no X-CSRF). Every call has a
// timeout; GETs are retried on connection errors only; failures become problems (502/504) and a 403
// ends the session (401).
import type { Readable } from 'node:stream';
import type { ParamsOption, RequestBodyOption, FetchResponse as TypedAnswer } from 'openapi-fetch';
import { Agent, type Dispatcher } from 'undici';
import type { paths } from '../../generated/legacy.ts';
import { type LegacyFailure, publishLegacyCall, type UpstreamCall } from '../diagnostics.ts';
import { failed, ProblemError, sessionEnded, UNEXPECTED_MESSAGE, upstreamError, upstreamTimeout } from '../problem.ts';
import { childTraceHeaders, type TraceContext } from '../trace-context.ts';
import { type BufferedAnswer, dispatchBuffered } from './buffered-dispatch.ts';
import { CallCancel, type CallScope, deadlineQueue, TIMED_OUT } from './call-cancel.ts';
import { parseJsonInSlices, SLICED_JSON_BYTES } from './json-slices.ts';
import { expandPath, LegacyCallResult, queryString, serializeBody } from './legacy-wire.ts';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head';
/** The contract's paths that have this method. */
type PathsWith<M extends HttpMethod> = { [P in keyof paths]: paths[P][M] extends undefined ? never : P }[keyof paths];
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** How a successful body is read: parsed JSON (default), text, or the stream itself (downloads: never buffered). */
export type ParseAs = 'json' | 'text' | 'stream';
export type LegacyInit<Operation> = ParamsOption<Operation> &
  RequestBodyOption<Operation> & {
    parseAs?: ParseAs;
    /** Extra request headers (an access key); the session's cookie is never replaced. */
    headers?: Record<string, string> | undefined;
    /** Aborts this call (a batch item's timeout or Stop). */
    signal?: AbortSignal | undefined;
  };
type InitArgs<Init> = RequiredKeys<Init> extends never ? [init?: Init] : [init: Init];
type Parsed<Data, Init> = Init extends { parseAs: 'stream' } ? Readable : Init extends { parseAs: 'text' } ? string : Data;
/**
 * `data` (success) or `error` (the legacy error body), typed from the contract as openapi-fetch would;
 * `response` (status, headers) is made on first use. A download's `data` is the body as a Node stream.
 */
export type LegacyResult<Operation, Init> =
  TypedAnswer<Operation & Record<string, unknown>, object, `${string}/${string}`> extends infer Typed
    ? Typed extends { data: infer Data; error?: never }
      ? { data: Parsed<Data, Init>; error?: never; response: Response }
      : Typed
    : never;
type LegacyMethod<M extends HttpMethod> = <Path extends PathsWith<M>, Init extends LegacyInit<paths[Path][M]>>(
  path: Path,
  ...init: InitArgs<Init>
) => Promise<LegacyResult<paths[Path][M], Init>>;

export interface LegacyClient {
  GET: LegacyMethod<'get'>;
  POST: LegacyMethod<'post'>;
  PUT: LegacyMethod<'put'>;
  PATCH: LegacyMethod<'patch'>;
  DELETE: LegacyMethod<'delete'>;
  HEAD: LegacyMethod<'head'>;
  /** The same client whose calls the browser leaving no longer aborts (a batch's items in flight finish and are recorded). */
  detached(): LegacyClient;
}

export interface LegacyClientOptions {
  baseUrl: string;
  agent: Agent;
  timeoutMs: number;
  /** The session's legacy cookie header value (`name=value; name2=value2`), if any. */
  cookie?: string | undefined;
  /** Aborts every call (a batch was stopped). */
  signal?: AbortSignal | undefined;
  /** Aborts the calls in flight when it fires (the browser went away): the request's, cheaper than a signal per call. */
  scope?: CallScope | undefined;
  /** Runs on an upstream 403 before the call fails with 401 session_ended (the session is destroyed). */
  onForbidden?: (() => Promise<void>) | undefined;
  /** The browser request's W3C trace: every call carries it, as a child span (`traceparent`, `tracestate`). */
  trace?: TraceContext | null | undefined;
  /** Told about every call, for the request log line. */
  onCall?: ((call: UpstreamCall) => void) | undefined;
  now?: () => number;
}

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

/** Can this legacy call change something? Every call but a GET or HEAD that only reads. */
export function mayChangeState(method: string, template: string): boolean {
  return !((method === 'GET' || method === 'HEAD') && !STATE_CHANGING_GETS.has(template));
}

// undici's codes for a connection that never opened: the request was not sent.
const NOT_SENT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** Did a legacy call certainly send nothing (its connection never opened)? Its failure's cause says. */
export function sentNothing(error: unknown): boolean {
  const { cause } = (error ?? {}) as { cause?: { code?: unknown; cause?: { code?: unknown } } };
  const code = cause?.code ?? cause?.cause?.code;
  return typeof code === 'string' && NOT_SENT_ERRORS.has(code);
}

/** The one keep-alive connection pool to the legacy API (closed with the app). */
export function createLegacyAgent(): Agent {
  return new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 128, connect: { timeout: 5_000 } });
}

function isConnectionError(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return (
    (typeof code === 'string' && CONNECTION_ERRORS.has(code)) || (typeof cause?.code === 'string' && CONNECTION_ERRORS.has(cause.code))
  );
}

// undici's own header and body timers (set to the call's timeout, as a backstop of the call's timer).
const TIMEOUT_ERRORS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function failure(error: unknown): Error {
  const code = (error as { code?: unknown } | undefined)?.code;
  return Object.assign(typeof code === 'string' && TIMEOUT_ERRORS.has(code) ? upstreamTimeout() : upstreamError(), { cause: error });
}

/** The `error.info` of a legacy 400 (shown to the user as is), when the answer has one. */
export function legacyErrorInfo(error: unknown): string | undefined {
  const info = (error as { error?: { info?: unknown } } | undefined)?.error?.info;
  return typeof info === 'string' && info.trim() !== '' ? info : undefined;
}

/**
 * The legacy answers that refuse what the user asked (a 400 with its `error.info`, a 404, 409 or 422; a 403 has
 * already ended the session, a 5xx is already a 502). The user's refusal, never the BFF's failure.
 */
const LEGACY_REFUSALS: ReadonlySet<number> = new Set([400, 404, 409, 422]);

/** Did the legacy API refuse the request (a user error), rather than fail or answer something unusable? */
export function isLegacyRefusal(response: { status: number }): boolean {
  return LEGACY_REFUSALS.has(response.status);
}

/**
 * The problem for a legacy call that did not give what was asked: a refusal (`isLegacyRefusal`) is the user's 400,
 * titled 'Failed', so it never counts toward the 5xx alert; anything else (a 2xx without a usable answer, a 3xx) is a
 * 502. `detail` is the spec's text, by default the refusal's `error.info` (the legacy contract: shown to the user as is).
 */
export function legacyFailure(
  { response, error }: { response: { status: number }; error?: unknown },
  code: string,
  detail: string = legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE,
): ProblemError {
  return failed(isLegacyRefusal(response) ? 400 : 502, code, detail);
}

interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string> | undefined;
  parseAs?: ParseAs;
  signal?: AbortSignal | undefined;
}

const bases = new Map<string, { origin: string; prefix: string }>();

/** The origin and path prefix of a base URL, parsed once (a client is built per request). */
function baseOf(baseUrl: string): { origin: string; prefix: string } {
  let base = bases.get(baseUrl);
  if (!base) {
    const url = new URL(baseUrl);
    base = { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
    bases.set(baseUrl, base);
  }
  return base;
}

type Method = Uppercase<HttpMethod>;

export function createLegacyClient(options: LegacyClientOptions): LegacyClient {
  const { baseUrl, agent, timeoutMs, cookie, signal: clientSignal, scope, onForbidden, onCall, trace, now = Date.now } = options;
  const { origin, prefix } = baseOf(baseUrl);
  const deadlines = deadlineQueue(timeoutMs);

  async function call(method: Method, template: string, init: CallInit = {}): Promise<LegacyCallResult> {
    const { params, parseAs = 'json', signal: ownSignal } = init;
    // The cache-busting `t` the legacy API expects on its generic calls.
    const path = `${prefix}${expandPath(template, params?.path)}${queryString(params?.query, template.startsWith('/api/') ? now() : undefined)}`;
    const headers: Record<string, string> = {};
    if (params?.header || init.headers) {
      for (const [name, value] of Object.entries({ ...params?.header, ...init.headers })) {
        if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
      }
    }
    if (cookie) headers.cookie = cookie;
    if (trace) Object.assign(headers, childTraceHeaders(trace));
    let body: Dispatcher.RequestOptions['body'];
    if (init.body !== undefined) {
      const serialized = serializeBody(init.body);
      body = serialized.body;
      headers['content-type'] = serialized.contentType;
    }
    const upstreamCall: UpstreamCall = { method, path: template, status: null, durationMs: 0, attempts: 0 };
    const started = performance.now();

    // One small object per call (call-cancel.ts): its deadline, the call's own signal, the client's and the
    // request's scope all abort it.
    if (ownSignal?.aborted) throw ownSignal.reason;
    if (clientSignal?.aborted) throw clientSignal.reason;
    if (scope?.aborted) throw scope.reason;
    const cancel = new CallCancel();
    ownSignal?.addEventListener('abort', cancel);
    clientSignal?.addEventListener('abort', cancel);
    scope?.add(cancel);
    const release = () => {
      ownSignal?.removeEventListener('abort', cancel);
      clientSignal?.removeEventListener('abort', cancel);
      scope?.delete(cancel);
    };
    deadlines.add(cancel, started);
    let streaming = false;
    let failed: LegacyFailure | undefined;
    try {
      const answer = await dispatch(method, path, headers, body, upstreamCall, cancel, parseAs);
      upstreamCall.status = answer.statusCode;
      const result = await read(answer, method, parseAs);
      if (result.data !== undefined && parseAs === 'stream') {
        // The body flows on after this call returns: the browser leaving still cancels it; a stall
        // longer than the timeout fails it (undici's bodyTimeout), however long the whole file takes.
        streaming = true;
        deadlines.remove(cancel);
        (answer.body as Readable).once('close', release);
      }
      return result;
    } catch (error) {
      if (cancel.aborted) {
        failed = cancel.reason === TIMED_OUT ? 'timeout' : 'aborted';
        if (failed === 'timeout') throw upstreamTimeout();
        throw cancel.reason;
      }
      failed = error instanceof ProblemError && error.code === 'upstream_timeout' ? 'timeout' : 'error';
      throw error;
    } finally {
      if (!streaming) {
        deadlines.remove(cancel);
        release();
      }
      upstreamCall.durationMs = Math.round(performance.now() - started);
      onCall?.(upstreamCall);
      publishLegacyCall(upstreamCall, upstreamCall.status === null ? failed : undefined);
    }
  }

  async function dispatch(
    method: Method,
    path: string,
    headers: Record<string, string>,
    body: Dispatcher.RequestOptions['body'],
    upstreamCall: UpstreamCall,
    cancel: CallCancel,
    parseAs: ParseAs,
  ): Promise<Dispatcher.ResponseData | BufferedAnswer> {
    const retryable = (method === 'GET' || method === 'HEAD') && !STATE_CHANGING_GETS.has(upstreamCall.path);
    for (;;) {
      upstreamCall.attempts += 1;
      try {
        const options = { origin, path, method, headers, body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
        // A download streams on; every other answer is read whole, without a stream.
        return parseAs === 'stream'
          ? await agent.request({ ...options, signal: cancel.signal() })
          : await dispatchBuffered(agent, options, cancel);
      } catch (error) {
        if (cancel.aborted) throw error;
        if (retryable && isConnectionError(error) && upstreamCall.attempts < MAX_ATTEMPTS) continue;
        throw failure(error);
      }
    }
  }

  async function read(answer: Dispatcher.ResponseData | BufferedAnswer, method: Method, parseAs: ParseAs): Promise<LegacyCallResult> {
    const { statusCode: status, headers, body } = answer;
    if (status === 403) {
      await body.dump().catch(() => {});
      await onForbidden?.();
      throw sessionEnded();
    }
    if (status >= 500) {
      await body.dump().catch(() => {});
      throw upstreamError();
    }
    const ok = status >= 200 && status < 300;
    if (status === 204 || method === 'HEAD' || headers['content-length'] === '0') {
      await body.dump().catch(() => {});
      return new LegacyCallResult(ok, undefined, status, headers);
    }
    if (ok && parseAs === 'stream') return new LegacyCallResult(ok, body, status, headers);
    // A large list (a coach's assessments) is parsed a slice at a time, so other requests are served in between.
    const bytes = (body as Partial<BufferedAnswer['body']>).bytes;
    if (ok && parseAs === 'json' && Buffer.isBuffer(bytes) && bytes.length >= SLICED_JSON_BYTES) {
      try {
        return new LegacyCallResult(ok, await parseJsonInSlices(bytes), status, headers);
      } catch (error) {
        throw Object.assign(upstreamError(), { cause: error });
      }
    }
    let text: string;
    try {
      text = await body.text();
    } catch (error) {
      // An abort (timeout, browser gone) is told apart by the caller, from the controller.
      throw failure(error);
    }
    if (ok && parseAs === 'text') return new LegacyCallResult(ok, text, status, headers);
    if (text === '') return new LegacyCallResult(ok, undefined, status, headers);
    // The one parse of a JSON answer; an unparseable one is a 502 here, not a crash later. A non-JSON
    // error body (a proxy's HTML page) is handed over as text, as openapi-fetch did.
    try {
      return new LegacyCallResult(ok, JSON.parse(text), status, headers);
    } catch (error) {
      if (ok || String(headers['content-type'] ?? '').includes('json')) throw Object.assign(upstreamError(), { cause: error });
      return new LegacyCallResult(ok, text, status, headers);
    }
  }

  const method =
    (name: Method) =>
    (path: string, init?: CallInit): Promise<LegacyCallResult> =>
      call(name, path, init);
  return {
    GET: method('GET'),
    POST: method('POST'),
    PUT: method('PUT'),
    PATCH: method('PATCH'),
    DELETE: method('DELETE'),
    HEAD: method('HEAD'),
    detached: () => createLegacyClient({ ...options, signal: undefined, scope: undefined }),
  } as unknown as LegacyClient;
}
