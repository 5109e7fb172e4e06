// The browser's side of a session: one opaque, signed `__Host-` cookie holding a random id. Everything
// else (legacy cookie, coach id, flags) stays in the session store. Timeouts are enforced here.
import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publishSession } from '../../diagnostics.ts';
import { browserOf, networkOf } from '../../session/session-client.ts';
import { isSessionRecord, type NewSession, type SessionRecord } from '../../session/session-record.ts';
import { failedOnSend } from './problems.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Registers work to do whenever a session is destroyed (logout, a new login, an upstream 403), e.g. dropping its download jobs. */
    onSessionEnded(listener: (sessionId: string) => Promise<void> | void): void;
  }
  interface FastifyRequest {
    /** The current session, or null when there is none (or it ended). */
    session: SessionRecord | null;
    /** Starts a session under a new id (never the old one), sets its cookie and destroys the request's old session. */
    startSession(session: NewSession): Promise<SessionRecord>;
    /** Destroys the session and clears the cookie. */
    endSession(): Promise<void>;
    /** The live sessions of this session's account (this one included); only this one when it is in no account's index. */
    accountSessions(): Promise<SessionRecord[]>;
    /**
     * Destroys every other session of this session's account, on every instance that shares the store; with `renew`,
     * this session goes on under a new id (a new cookie). Answers how many sessions ended.
     */
    endOtherSessions(options?: { renew?: boolean }): Promise<number>;
    /** Destroys every session of an account (a password reset); answers how many ended. */
    endAccountSessions(account: string): Promise<number>;
  }
}

// Name and attributes as in openapi/bff securitySchemes; `__Host-` makes browsers refuse a Domain or a non-/ Path.
export const SESSION_COOKIE = '__Host-portal_session';
/** What a coach screen asks for by itself (getUpdates), not the coach: no activity. */
const BACKGROUND_POLL_URL = '/api/updates';
const COOKIE: CookieSerializeOptions = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' };
/** How many verified cookie values are remembered (≈ 100 bytes each) before the memory is emptied. */
export const VERIFIED_COOKIES_KEPT = 10_000;

export interface SessionOptions {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  now?: (() => number) | undefined;
}

async function session(fastify: FastifyInstance, { idleTimeoutMs, absoluteTimeoutMs, now = Date.now }: SessionOptions) {
  const store = fastify.sessionStore;
  const ttlAt = (record: SessionRecord, at: number) => Math.max(1, Math.min(idleTimeoutMs, record.absoluteExpiresAt - at));
  const ended = (record: SessionRecord, at: number) => at - record.lastSeenAt >= idleTimeoutMs || at >= record.absoluteExpiresAt;

  const endedListeners: Array<(sessionId: string) => Promise<void> | void> = [];
  fastify.decorate('onSessionEnded', (listener: (sessionId: string) => Promise<void> | void) => {
    endedListeners.push(listener);
  });
  const notifyEnded = async (sessionId: string) => {
    for (const listener of endedListeners) await listener(sessionId);
  };
  const destroy = async (sessionId: string) => {
    await store.delete(sessionId);
    await notifyEnded(sessionId);
  };
  /** The sessions the store deleted at once (another instance may have served them): their jobs go, each counts as ended. */
  const destroyed = async (sessionIds: readonly string[]) => {
    for (const sessionId of sessionIds) {
      await notifyEnded(sessionId);
      publishSession('ended');
    }
    return sessionIds.length;
  };

  fastify.decorateRequest('session', null);
  const REPLY = Symbol('reply');
  type WithReply = FastifyRequest & { [REPLY]?: FastifyReply };
  const replyOf = (request: WithReply): FastifyReply => {
    const reply = request[REPLY];
    if (!reply) throw new Error('a session was started or ended before the request was routed');
    return reply;
  };

  // The cookie's HMAC is checked once per cookie value, not on every request (it was ≈ 4 % of a request's
  // CPU): a value that verified is remembered with its result. Only valid values are kept (a forged one is
  // checked every time and fills nothing); the map is emptied when full. The store still decides, on every
  // request, whether the session lives.
  const verified = new Map<string, { id: string; renew: boolean }>();
  const unsign = (request: FastifyRequest, signed: string) => {
    const known = verified.get(signed);
    if (known) return known;
    const { valid, renew, value } = request.unsignCookie(signed);
    if (!valid || !value) return null;
    if (verified.size >= VERIFIED_COOKIES_KEPT) verified.clear();
    const result = { id: value, renew };
    verified.set(signed, result);
    return result;
  };

  fastify.addHook('onRequest', async (request: WithReply, reply: FastifyReply) => {
    // A plain property (see client-gone.ts): the session's cookie is set and cleared on this reply.
    request[REPLY] = reply;
    const signed = request.cookies[SESSION_COOKIE];
    if (!signed) return;
    const cookie = unsign(request, signed);
    const record = cookie ? await store.get(cookie.id) : null;
    const at = now();
    if (!record || ended(record, at)) {
      if (record) {
        await destroy(record.id);
        publishSession('expired');
      }
      reply.clearCookie(SESSION_COOKIE, COOKIE);
      return;
    }
    request.session = { ...record, lastSeenAt: at };
    // Signed with a retired secret: sign again with the current one.
    if (cookie?.renew) reply.setCookie(SESSION_COOKIE, record.id, { ...COOKIE, signed: true });
  });

  // Every request that carries a live session counts as activity (downloads included: spec public-and-guest §4),
  // recorded as its answer leaves, except a request refused for going too fast (429): a flood keeps no session
  // alive; a 503: the store (Redis) is away, the touch would only wait for it and fail again; and the updates a
  // visible coach screen asks for by itself (getUpdates): an open tab nobody uses must still end its session.
  fastify.addHook('onSend', async (request, reply, payload) => {
    const { session } = request;
    if (!session || reply.statusCode === 429 || reply.statusCode === 503) return payload;
    if (request.routeOptions.url === BACKGROUND_POLL_URL) return payload;
    try {
      await store.touch(session.id, session.lastSeenAt, ttlAt(session, session.lastSeenAt));
    } catch (error) {
      // Redis vanished while the request was in flight: 503 dependency_unavailable, whatever the answer was.
      return failedOnSend(request, reply, payload, error);
    }
    return payload;
  });

  fastify.decorateRequest('startSession', async function startSession(this: WithReply, input: NewSession) {
    const previous = this.session;
    if (previous) {
      await destroy(previous.id);
      publishSession('ended');
    }
    const at = now();
    const record = {
      id: randomBytes(32).toString('base64url'),
      legacyCookie: input.legacyCookie,
      coachId: input.coachId,
      flags: input.flags,
      ...(input.account && { account: input.account }),
      // The address as Fastify gives it: the client's through the proxies TRUST_PROXY names, else the peer's.
      client: { browser: browserOf(this.headers['user-agent']), network: networkOf(this.ip) },
      createdAt: at,
      lastSeenAt: at,
      absoluteExpiresAt: at + absoluteTimeoutMs,
    };
    if (!isSessionRecord(record)) throw new Error('startSession was given an invalid session');
    await store.set(record, ttlAt(record, at));
    this.session = record;
    replyOf(this).setCookie(SESSION_COOKIE, record.id, { ...COOKIE, signed: true });
    publishSession('started');
    return record;
  });

  fastify.decorateRequest('endSession', async function endSession(this: WithReply) {
    const current = this.session;
    if (current) {
      await destroy(current.id);
      publishSession('ended');
    }
    this.session = null;
    replyOf(this).clearCookie(SESSION_COOKIE, COOKIE);
  });

  fastify.decorateRequest('accountSessions', async function accountSessions(this: WithReply) {
    const current = this.session;
    if (!current) return [];
    const listed = current.account ? await store.sessionsOf(current.account) : [];
    // This request's own activity is not yet stored (it is, as the answer leaves).
    return [current, ...listed.filter((record) => record.id !== current.id)];
  });

  fastify.decorateRequest('endOtherSessions', async function endOtherSessions(this: WithReply, { renew = false } = {}) {
    const current = this.session;
    if (!current) return 0;
    const count = current.account ? await destroyed(await store.deleteSessionsOf(current.account, current.id)) : 0;
    if (renew) {
      // The same session (its start, its deadlines, its account) under a new id: whoever held the old cookie holds
      // nothing now. Not counted as an end and a start: no one signed out or in.
      const record = { ...current, id: randomBytes(32).toString('base64url') };
      await store.set(record, ttlAt(record, record.lastSeenAt));
      await destroy(current.id);
      this.session = record;
      replyOf(this).setCookie(SESSION_COOKIE, record.id, { ...COOKIE, signed: true });
    }
    return count;
  });

  fastify.decorateRequest('endAccountSessions', async (account: string) => destroyed(await store.deleteSessionsOf(account)));
}

export default fp(session, { name: 'session', dependencies: ['@fastify/cookie', 'session-store'] });
