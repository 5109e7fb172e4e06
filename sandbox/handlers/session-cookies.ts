// The three cookies of a legacy session (spec public-and-guest §4 "Session", §9). The documents do
// not name them; these names are the sandbox's and are listed in sandbox/README.md.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { SessionRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';
import type { SandboxConfig } from './context.ts';

export const SESSION_COOKIE = 'portal_session';
/** The session's expiry, epoch milliseconds: the portal's logout timer reads it. */
export const EXPIRY_COOKIE = 'portal_session_expiry';
/** The available portal version: the portal offers a refresh when it is newer than its own. */
export const VERSION_COOKIE = 'portal_version';

export function createSession(
  store: Store,
  config: SandboxConfig,
  now: number,
  fields: Pick<SessionRecord, 'coachUuid' | 'assistantUuid' | 'impersonatorUuid'>,
): SessionRecord {
  const session: SessionRecord = { id: randomUUID(), ...fields, expiresAt: now + config.sessionMinutes * 60_000 };
  store.sessions.set(session.id, session);
  return session;
}

export function readSession(store: Store, id: string | undefined, now: number): SessionRecord | null {
  if (!id) return null;
  const session = store.sessions.get(id);
  if (!session) return null;
  if (session.expiresAt <= now) {
    store.sessions.delete(id);
    return null;
  }
  return session;
}

export function setSessionCookies(reply: FastifyReply, session: SessionRecord, config: SandboxConfig): void {
  reply.setCookie(SESSION_COOKIE, session.id, { path: '/', httpOnly: true, sameSite: 'lax' });
  reply.setCookie(EXPIRY_COOKIE, String(session.expiresAt), { path: '/', sameSite: 'lax' });
  reply.setCookie(VERSION_COOKIE, config.portalVersion, { path: '/', sameSite: 'lax' });
}

export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [SESSION_COOKIE, EXPIRY_COOKIE]) reply.clearCookie(name, { path: '/' });
}
