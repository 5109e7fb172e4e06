// `request.legacy`: the legacy API client for this request, with the session's legacy cookie, a
// timeout on every call, cancellation when the browser goes away, and 403 → session ended.
// The upstream calls of a request go into its "request completed" log line.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Agent } from 'undici';
import type { UpstreamCall } from '../../diagnostics.ts';
import { addRequestLogFields } from '../../logger.ts';
import { traceOf } from '../../trace-context.ts';
import { createLegacyAgent, createLegacyClient, type LegacyClient } from '../../upstream/legacy-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one keep-alive pool to the legacy API. */
    legacyAgent: Agent;
    /**
     * A legacy client of the app's own, on the same pool: no cookie, no request behind it (no browser to go away),
     * its own timeout (the readiness probe's check of the legacy API, shared by every probe).
     */
    appLegacy(options: { timeoutMs: number }): LegacyClient;
  }
  interface FastifyRequest {
    /** The legacy client carrying this session's legacy cookie (none without a session). */
    legacy: LegacyClient;
    /** A legacy client without any cookie (public pages, sign-in). */
    publicLegacy: LegacyClient;
    /** A legacy client carrying the given cookie instead (the impersonation check, which has no session yet). */
    legacyWithCookie(cookie: string | undefined): LegacyClient;
    upstreamCalls: UpstreamCall[];
  }
}

export interface UpstreamOptions {
  baseUrl: string;
  timeoutMs: number;
}

const CLIENT = Symbol('legacyClient');
const PUBLIC_CLIENT = Symbol('publicLegacyClient');
const CALLS = Symbol('upstreamCalls');
const MAX_LOGGED_CALLS = 20;

type WithClient = FastifyRequest & {
  [CLIENT]?: LegacyClient;
  [PUBLIC_CLIENT]?: LegacyClient;
  [CALLS]?: UpstreamCall[];
};

async function upstream(fastify: FastifyInstance, { baseUrl, timeoutMs }: UpstreamOptions) {
  const agent = createLegacyAgent();
  fastify.decorate('legacyAgent', agent);
  fastify.decorate('appLegacy', (options: { timeoutMs: number }) => createLegacyClient({ baseUrl, agent, ...options }));
  fastify.addHook('onClose', () => agent.close());

  function clientFor(request: WithClient, cookie: string | undefined): LegacyClient {
    return createLegacyClient({
      baseUrl,
      agent,
      timeoutMs,
      cookie,
      // Upstream work stops when the browser goes away (the request's scope: no signal or listener per call).
      scope: request.clientGoneScope,
      onForbidden: async () => {
        request.log.info('the legacy API answered 403: the session ends');
        await request.endSession();
      },
      onCall: (call) => request.upstreamCalls.push(call),
      trace: traceOf(request.raw),
    });
  }

  fastify.decorateRequest('upstreamCalls', {
    getter(this: WithClient) {
      if (!this[CALLS]) {
        const calls: UpstreamCall[] = [];
        this[CALLS] = calls;
        addRequestLogFields(this, () => upstreamLogFields(calls));
      }
      return this[CALLS];
    },
  });
  fastify.decorateRequest('legacy', {
    getter(this: WithClient) {
      this[CLIENT] ??= clientFor(this, this.session?.legacyCookie);
      return this[CLIENT];
    },
  });
  fastify.decorateRequest('publicLegacy', {
    getter(this: WithClient) {
      this[PUBLIC_CLIENT] ??= clientFor(this, undefined);
      return this[PUBLIC_CLIENT];
    },
  });
  fastify.decorateRequest('legacyWithCookie', function legacyWithCookie(this: WithClient, cookie: string | undefined) {
    return clientFor(this, cookie);
  });
}

// In the "request completed" line: how many calls, their total time, and each call by path template.
function upstreamLogFields(calls: UpstreamCall[]) {
  if (calls.length === 0) return undefined;
  const durationMs = calls.reduce((total, call) => total + call.durationMs, 0);
  return { upstream: { calls: calls.length, durationMs, detail: calls.slice(0, MAX_LOGGED_CALLS) } };
}

export default fp(upstream, { name: 'upstream', dependencies: ['session', 'client-gone'] });
