// W3C Trace Context (https://www.w3.org/TR/trace-context/): a `traceparent` sent by the proxy in front of the
// BFF is read once per request; its trace id goes into every log line of the request (app.ts
// childLoggerFactory) and each legacy call carries the same trace id under a span id of its own (the BFF's
// call is a child span of the proxy's), so one request can be followed through the proxy, the BFF and the
// legacy API. `tracestate` is passed on unchanged. A malformed header is ignored (the spec's rule).
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface TraceContext {
  readonly traceId: string;
  /** The sampled flag and the rest, as received. */
  readonly flags: string;
  readonly state: string | undefined;
}

// version-traceid-parentid-flags; version ff is invalid, a future version may carry more fields after these.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);
const TRACE = Symbol('traceContext');
type Traced = IncomingMessage & { [TRACE]?: TraceContext | null };

export function parseTraceparent(header: string | undefined, state?: string | undefined): TraceContext | null {
  if (!header) return null;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return null;
  const [, version, traceId = '', parentId, flags = '', rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (traceId === ZERO_TRACE || parentId === ZERO_SPAN) return null;
  return { traceId, flags, state: state?.trim() || undefined };
}

/** The request's trace context (parsed once), or null without a valid `traceparent`. */
export function traceOf(request: IncomingMessage): TraceContext | null {
  const traced = request as Traced;
  if (traced[TRACE] === undefined) {
    const state = request.headers.tracestate;
    const parent = request.headers.traceparent;
    // Two traceparent headers are invalid: the spec says to start afresh, so the request has none.
    traced[TRACE] = typeof parent === 'string' ? parseTraceparent(parent, Array.isArray(state) ? state.join(',') : state) : null;
  }
  return traced[TRACE];
}

// Span ids are cut from random bytes drawn 512 ids at a time: `randomBytes(8)` per call (a buffer and a call into
// OpenSSL each) cost ≈ 15× more, on every legacy call of a traced request.
const SPAN_BYTES = 8;
const spanPool = Buffer.alloc(SPAN_BYTES * 512);
let spanAt = spanPool.length;

/** A new random span id (16 hex digits, never all zeros: the spec's invalid id). */
export function newSpanId(): string {
  for (;;) {
    if (spanAt === spanPool.length) {
      randomFillSync(spanPool);
      spanAt = 0;
    }
    const id = spanPool.toString('hex', spanAt, spanAt + SPAN_BYTES);
    spanAt += SPAN_BYTES;
    if (id !== ZERO_SPAN) return id;
  }
}

/** The headers of one legacy call: the same trace, a new span id. */
export function childTraceHeaders(trace: TraceContext): Record<string, string> {
  const headers: Record<string, string> = { traceparent: `00-${trace.traceId}-${newSpanId()}-${trace.flags}` };
  if (trace.state) headers.tracestate = trace.state;
  return headers;
}
