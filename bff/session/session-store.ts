// Where sessions live between requests: memory for one process, Redis when several BFFs share them. Besides
// each session under its id, a store keeps an index per account (record.account): the ids of the account's
// sessions, so that a password change or reset can end them all and the Profile can list them.
import type { SessionRecord } from './session-record.ts';

export interface SessionStore {
  /** The record, or null when it is missing, expired or no longer reads back as a valid record. */
  get(id: string): Promise<SessionRecord | null>;
  /** Writes the whole record; the store drops it after ttlMs unless it is touched. */
  set(record: SessionRecord, ttlMs: number): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * The live sessions of one account (record.account), from the account's index: the entries of sessions that
   * ended (deleted or expired) are pruned as they are read.
   */
  sessionsOf(account: string): Promise<SessionRecord[]>;
  /** Deletes every session of the account but `keep` (on every instance that shares the store); the ids it deleted. */
  deleteSessionsOf(account: string, keep?: string): Promise<string[]>;
  /** Records activity and extends the TTL; false (and nothing written) when the session is gone. */
  touch(id: string, lastSeenAt: number, ttlMs: number): Promise<boolean>;
  /** Resolves when the store can serve requests, rejects otherwise (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
