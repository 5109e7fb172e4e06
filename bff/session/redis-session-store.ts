// Sessions in Redis, shared by every BFF instance. Each session is a hash: the record's JSON and
// its lastSeenAt, so a touch updates one field atomically without rewriting (or resurrecting) it.
import type { Redis } from 'ioredis';
import { parseSessionRecord, type SessionRecord } from './session-record.ts';
import type { SessionStore } from './session-store.ts';

const TOUCH_IF_PRESENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

export class RedisSessionStore implements SessionStore {
  readonly #client: Redis;
  readonly #keyPrefix: string;

  constructor(client: Redis, keyPrefix = 'portal:session:') {
    this.#client = client;
    this.#keyPrefix = keyPrefix;
  }

  async get(id: string): Promise<SessionRecord | null> {
    const [json, lastSeenAt] = await this.#client.hmget(this.#key(id), 'record', 'lastSeenAt');
    if (!json || !lastSeenAt) return null;
    return parseSessionRecord(json, { lastSeenAt: Number(lastSeenAt) });
  }

  async set(record: SessionRecord, ttlMs: number): Promise<void> {
    const key = this.#key(record.id);
    const results = await this.#client
      .multi()
      .del(key)
      .hset(key, { record: JSON.stringify(record), lastSeenAt: String(record.lastSeenAt) })
      .pexpire(key, ttlMs)
      .exec();
    const failure = results?.find(([error]) => error)?.[0];
    if (!results || failure) throw failure ?? new Error('Redis discarded the session write');
  }

  async delete(id: string): Promise<void> {
    await this.#client.del(this.#key(id));
  }

  async touch(id: string, lastSeenAt: number, ttlMs: number): Promise<boolean> {
    const touched = await this.#client.eval(TOUCH_IF_PRESENT, 1, this.#key(id), String(lastSeenAt), String(ttlMs));
    return touched === 1;
  }

  async ping(): Promise<void> {
    await this.#client.ping();
  }

  async close(): Promise<void> {
    if (this.#client.status === 'end') return;
    await this.#client.quit().catch(() => this.#client.disconnect());
  }

  #key(id: string): string {
    return `${this.#keyPrefix}${id}`;
  }
}
