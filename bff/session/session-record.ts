// The server-side session: what the store keeps under the opaque id the browser holds.
import Type from 'typebox';
import { Compile } from 'typebox/compile';

const EpochMs = Type.Integer({ minimum: 0 });

export const SessionRecordSchema = Type.Object({
  /** 256 random bits, base64url: the value of the signed cookie. */
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
  /** The legacy API's session cookie, sent upstream on the coach's behalf; never reaches the browser. */
  legacyCookie: Type.String({ minLength: 1, maxLength: 8192 }),
  coachId: Type.String({ minLength: 1, maxLength: 64 }),
  createdAt: EpochMs,
  lastSeenAt: EpochMs,
  absoluteExpiresAt: EpochMs,
  /**
   * Whose sign-in this is, the key of the account's session index (bff/session/session-store.ts): the e-mail
   * address, lower-cased, of the coach or of the assistant who signed in (an impersonation: the coach's). Absent on
   * a record written before the index existed: such a session is in no index and ends by its timeouts.
   */
  account: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  /** Where the session was started, as the Profile lists it: the browser and the client's network, coarse. */
  client: Type.Optional(
    Type.Object({
      /** "Chrome on Windows" (bff/session/session-client.ts); "Unknown browser" when the User-Agent says nothing known. */
      browser: Type.String({ maxLength: 100 }),
      /** The client's address as the BFF sees it (TRUST_PROXY), cut to its /24 (IPv4) or /48 (IPv6). */
      network: Type.String({ maxLength: 64 }),
    }),
  ),
  // Open object: a record written by a newer BFF with an extra flag still reads back.
  flags: Type.Object({
    /** An admin acting as this coach (spec: coach-shell §2). */
    impersonator: Type.Boolean(),
    /** An assistant acting on the coach's behalf. */
    assisted: Type.Boolean(),
    assistantName: Type.Optional(Type.String({ maxLength: 100 })),
    assistantEmail: Type.Optional(Type.String({ maxLength: 254 })),
    accreditationLevel: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    /** The coach is limited to the mini-assessment offering, as at sign-in (spec coach-shell §2.1, §6; bff/roles.ts). */
    onlyMiniAssessment: Type.Optional(Type.Boolean()),
  }),
});

export type SessionRecord = Type.Static<typeof SessionRecordSchema>;

/** What a login hands to `request.startSession`; the id and the times are the BFF's. */
export type NewSession = Pick<SessionRecord, 'legacyCookie' | 'coachId' | 'flags' | 'account'>;

/** The index key of an account: its e-mail address, trimmed and lower-cased (as the legacy API matches it at sign-in). */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

// Compiled once: every request with a session reads its record back through this check.
const sessionRecordCheck = Compile(SessionRecordSchema);

export function isSessionRecord(value: unknown): value is SessionRecord {
  return sessionRecordCheck.Check(value);
}

/** A stored value that does not read back as a valid record counts as no session. */
export function parseSessionRecord(json: string, patch: Partial<SessionRecord> = {}): SessionRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = { ...value, ...patch };
  return isSessionRecord(record) ? record : null;
}

/** When the session ends if nothing else happens: the idle deadline, capped by the absolute one. */
export function sessionExpiresAt(record: SessionRecord, idleTimeoutMs: number): number {
  return Math.min(record.lastSeenAt + idleTimeoutMs, record.absoluteExpiresAt);
}
