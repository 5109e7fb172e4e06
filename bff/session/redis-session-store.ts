// Sessions in Redis, shared by every BFF instance. Each session is a hash: the record's JSON and
// its lastSeenAt, so a touch updates one field atomically without rewriting (or resurrecting) it.
// Each account's index is a set of its session ids (`portal:account-sessions:<e-mail>`), which expires
// with the longest-lived of them; the ids of sessions that ended are removed when the set is read.
import type { Redis } from 'ioredis';
import { parseSessionRecord, type SessionRecord } from './session-record.ts';
import type { SessionStore } from './session-store.ts';

const TOUCH_IF_PRESENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

// Deletes the account's sessions but ARGV[2] and empties their index entries in one step, so a session that
// another instance is serving is gone before its next request; answers the ids of the sessions it deleted.
const DELETE_ACCOUNT_SESSIONS = `
local deleted = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if id ~= ARGV[2] then
    if redis.call('DEL', ARGV[1] .. id) == 1 then table.insert(deleted, id) end
    redis.call('SREM', KEYS[1], id)
  end
end
return deleted`;

export class RedisSessionStore implements SessionStore {
  readonly #client: Redis;
  readonly #keyPrefix: string;
  readonly #accountPrefix: string;

  constructor(client: Redis, keyPrefix = 'portal:session:', accountPrefix = 'portal:account-sessions:') {
    this.#client = client;
    this.#keyPrefix = keyPrefix;
    this.#accountPrefix = accountPrefix;
  }

  async get(id: string): Promise<SessionRecord | null> {
    const [json, lastSeenAt] = await this.#client.hmget(this.#key(id), 'record', 'lastSeenAt');
    if (!json || !lastSeenAt) return null;
    return parseSessionRecord(json, { lastSeenAt: Number(lastSeenAt) });
  }

  async set(record: SessionRecord, ttlMs: number): Promise<void> {
    const key = this.#key(record.id);
    const write = this.#client
      .multi()
      .del(key)
      .hset(key, { record: JSON.stringify(record), lastSeenAt: String(record.lastSeenAt) })
      .pexpire(key, ttlMs);
    if (record.account) {
      // The index lives as long as its longest session can (its absolute deadline, counted from the record's own clock).
      const index = this.#accountKey(record.account);
      const lifetime = Math.max(ttlMs, record.absoluteExpiresAt - record.lastSeenAt);
      write.sadd(index, record.id).pexpire(index, lifetime, 'NX').pexpire(index, lifetime, 'GT');
    }
    const results = await write.exec();
    const failure = results?.find(([error]) => error)?.[0];
    if (!results || failure) throw failure ?? new Error('Redis discarded the session write');
  }

  async delete(id: string): Promise<void> {
    await this.#client.del(this.#key(id));
  }

  async sessionsOf(account: string): Promise<SessionRecord[]> {
    const index = this.#accountKey(account);
    const ids = await this.#client.smembers(index);
    if (ids.length === 0) return [];
    const read = this.#client.pipeline();
    for (const id of ids) read.hmget(this.#key(id), 'record', 'lastSeenAt');
    const results = (await read.exec()) ?? [];
    const records: SessionRecord[] = [];
    const ended: string[] = [];
    ids.forEach((id, at) => {
      const [error, fields] = results[at] ?? [new Error('no answer')];
      if (error) throw error;
      const [json, lastSeenAt] = fields as Array<string | null>;
      const record = json && lastSeenAt ? parseSessionRecord(json, { lastSeenAt: Number(lastSeenAt) }) : null;
      if (record?.account === account) records.push(record);
      else ended.push(id);
    });
    if (ended.length > 0) await this.#client.srem(index, ...ended);
    return records;
  }

  async deleteSessionsOf(account: string, keep = ''): Promise<string[]> {
    const deleted = await this.#client.eval(DELETE_ACCOUNT_SESSIONS, 1, this.#accountKey(account), this.#keyPrefix, keep);
    return deleted as string[];
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

  #accountKey(account: string): string {
    return `${this.#accountPrefix}${account}`;
  }
}
