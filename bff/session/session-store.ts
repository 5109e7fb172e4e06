// Where sessions live between requests: memory for one process, Redis when several BFFs share them.
import type { SessionRecord } from './session-record.ts';

export interface SessionStore {
  /** The record, or null when it is missing, expired or no longer reads back as a valid record. */
  get(id: string): Promise<SessionRecord | null>;
  /** Writes the whole record; the store drops it after ttlMs unless it is touched. */
  set(record: SessionRecord, ttlMs: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Records activity and extends the TTL; false (and nothing written) when the session is gone. */
  touch(id: string, lastSeenAt: number, ttlMs: number): Promise<boolean>;
  /** Resolves when the store can serve requests, rejects otherwise (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
