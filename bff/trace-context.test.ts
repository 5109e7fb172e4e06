// W3C traceparent: parsed as the specification says (malformed or all-zero ids ignored), and carried to the
// legacy API on each call of the request with the same trace id and a span id of the BFF's own.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './plugins/app/session.ts';
import { COACH_PATH, type FaultBff, startFaultBff } from './test-support/fault-bff.ts';
import { childTraceHeaders, newSpanId, parseTraceparent } from './trace-context.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('parseTraceparent', () => {
  it('reads a valid header, keeping the flags and tracestate', () => {
    expect(parseTraceparent(`00-${TRACE_ID}-${PARENT}-01`, 'vendor=abc')).toEqual({ traceId: TRACE_ID, flags: '01', state: 'vendor=abc' });
    // A later version may add fields after the flags.
    expect(parseTraceparent(`01-${TRACE_ID}-${PARENT}-00-extra`)).toEqual({ traceId: TRACE_ID, flags: '00', state: undefined });
  });

  it.each([
    ['missing', undefined],
    ['upper-case hex', `00-${TRACE_ID.toUpperCase()}-${PARENT}-01`],
    ['a short trace id', `00-${TRACE_ID.slice(1)}-${PARENT}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${PARENT}-01`],
    ['an all-zero parent id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE_ID}-${PARENT}-01`],
    ['version 00 with more fields', `00-${TRACE_ID}-${PARENT}-01-extra`],
    ['not a traceparent', 'hello'],
  ])('ignores %s', (_name, header) => {
    expect(parseTraceparent(header)).toBeNull();
  });

  it('makes a child span for each call: same trace and flags, a new span id', () => {
    const trace = { traceId: TRACE_ID, flags: '01', state: 'vendor=abc' };
    const first = childTraceHeaders(trace);
    const second = childTraceHeaders(trace);
    expect(first.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(first.traceparent).not.toContain(PARENT);
    expect(first.traceparent).not.toBe(second.traceparent);
    expect(first.tracestate).toBe('vendor=abc');
  });

  it('gives every span an id of its own, across the refills of its pool of random bytes', () => {
    // 2,000 ids: the pool holds 512, so this draws it four times.
    const ids = Array.from({ length: 2_000 }, () => newSpanId());
    for (const id of ids) expect(id).toMatch(/^(?!0{16})[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('traceparent through the BFF', () => {
  let bff: FaultBff | undefined;
  afterEach(async () => {
    await bff?.close();
    bff = undefined;
  });

  it('sends the trace to the legacy API as a child span, and nothing without one', async () => {
    bff = await startFaultBff();
    const cookies = { [SESSION_COOKIE]: bff.session };
    bff.upstream.received.length = 0;
    await bff.server.inject({
      url: '/api/session',
      cookies,
      headers: { traceparent: `00-${TRACE_ID}-${PARENT}-01`, tracestate: 'proxy=1' },
    });
    const traced = bff.calls(COACH_PATH);
    expect(traced.length).toBeGreaterThan(0);
    for (const call of traced) {
      expect(call.headers.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-(?!${PARENT})[0-9a-f]{16}-01$`));
      expect(call.headers.tracestate).toBe('proxy=1');
    }

    bff.upstream.received.length = 0;
    await bff.server.inject({ url: '/api/session', cookies, headers: { traceparent: 'garbage' } });
    await bff.server.inject({ url: '/api/session', cookies });
    const untraced = bff.calls(COACH_PATH);
    expect(untraced.length).toBeGreaterThan(0);
    for (const call of untraced) expect(call.headers.traceparent).toBeUndefined();
  });
});
