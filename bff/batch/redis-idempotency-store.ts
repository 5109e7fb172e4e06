// The Idempotency-Key store in Redis (idempotency-store.ts says what it keeps): every write that needs the lease
// compares the owner's token with the lease's in one Lua script, so two instances never both run one key; a
// coach's finished records are indexed by scope and the oldest forgotten past the quota.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LedgerEntry } from './batch-ledger.ts';
import {
  type Claim,
  type FinishedRecord,
  IDEMPOTENCY_COACH_QUOTA_BYTES,
  IDEMPOTENCY_TTL_MS,
  type IdempotencyRecord,
  type IdempotencyStore,
  type LeaseOptions,
  leaseTimes,
  refusedWith,
} from './idempotency-store.ts';
import { decodeEntry, decodeRecord, encodeEntry, encodeRecord, IDEMPOTENCY_RECORD_MAX_BYTES } from './record-codec.ts';

// KEYS: the record, the lease, the ledger. ARGV: the request's fingerprint, the record of a new claim, the owner's
// token, the lease and the record's TTL (ms). Takes the key when it is free, or holds a cut or running record of the
// same request whose lease is gone (nobody renews it); answers {1, the previous record or '', the ledger's fields and
// values}, or {0, the record} when someone else holds it.
const CLAIM = `
local current = redis.call('GET', KEYS[1])
if current then
  local record = cjson.decode(current)
  if record.fingerprint ~= ARGV[1] or record.state == 'done' or redis.call('EXISTS', KEYS[2]) == 1 then
    return {0, current}
  end
else
  redis.call('DEL', KEYS[3])
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[5])
end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
return {1, current or '', redis.call('HGETALL', KEYS[3])}`;

// KEYS: the lease. ARGV: the owner's token, the lease (ms).
const RENEW = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

// KEYS: the lease, the ledger. ARGV: the owner's token, the item's id, its entry, the ledger's TTL (ms).
const START = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if redis.call('HSETNX', KEYS[2], ARGV[2], ARGV[3]) == 0 then return 0 end
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`;

// KEYS: the record, the lease, the ledger, and the scope's index of its records (a sorted set: each record's key
// by the time it finished) and sizes (a hash: each record's bytes, and '#total'), or none without a scope. ARGV: the
// owner's token, the record, its TTL (ms), '1' to keep the ledger, the time (ms), the scope's quota (bytes). Past the
// quota the scope's oldest records (and their ledgers) are forgotten first, never the one written.
const FINISH = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
local ttl = tonumber(ARGV[3])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ttl)
redis.call('DEL', KEYS[2])
local bytes = string.len(KEYS[1]) + string.len(ARGV[2])
if ARGV[4] == '1' then
  redis.call('PEXPIRE', KEYS[3], ttl)
  local fields = redis.call('HGETALL', KEYS[3])
  for i = 1, #fields do bytes = bytes + string.len(fields[i]) end
else
  redis.call('DEL', KEYS[3])
end
if #KEYS < 5 then return 1 end
local now = tonumber(ARGV[5])
local function forget(member)
  local size = tonumber(redis.call('HGET', KEYS[5], member) or '0')
  redis.call('ZREM', KEYS[4], member)
  redis.call('HDEL', KEYS[5], member)
  if size > 0 then redis.call('HINCRBY', KEYS[5], '#total', 0 - size) end
end
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now - ttl)) do forget(member) end
forget(KEYS[1])
redis.call('ZADD', KEYS[4], now, KEYS[1])
redis.call('HSET', KEYS[5], KEYS[1], bytes)
local total = redis.call('HINCRBY', KEYS[5], '#total', bytes)
while total > tonumber(ARGV[6]) do
  local oldest = redis.call('ZRANGE', KEYS[4], 0, 0)[1]
  if not oldest or oldest == KEYS[1] then break end
  total = total - tonumber(redis.call('HGET', KEYS[5], oldest) or '0')
  forget(oldest)
  redis.call('DEL', oldest, oldest .. ':items')
end
redis.call('PEXPIRE', KEYS[4], ttl)
redis.call('PEXPIRE', KEYS[5], ttl)
return 1`;

// KEYS: the lease, then what goes with it. ARGV: the owner's token.
const DROP = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', unpack(KEYS))
return 1`;

export class RedisIdempotencyStore implements IdempotencyStore {
  readonly renewEveryMs: number;
  readonly #client: Redis;
  readonly #keyPrefix: string;
  readonly #leaseMs: number;
  readonly #recordMaxBytes: number;
  readonly #scopeQuotaBytes: number;

  constructor(
    client: Redis,
    {
      keyPrefix = 'portal:idempotency:',
      recordMaxBytes = IDEMPOTENCY_RECORD_MAX_BYTES,
      scopeQuotaBytes = IDEMPOTENCY_COACH_QUOTA_BYTES,
      ...lease
    }: LeaseOptions & { keyPrefix?: string } = {},
  ) {
    this.#client = client;
    this.#keyPrefix = keyPrefix;
    this.#recordMaxBytes = recordMaxBytes;
    this.#scopeQuotaBytes = scopeQuotaBytes;
    ({ leaseMs: this.#leaseMs, renewEveryMs: this.renewEveryMs } = leaseTimes(lease));
  }

  async claim(key: string, fingerprint: string): Promise<Claim> {
    const owner = randomUUID();
    const running = await encodeRecord({ state: 'running', fingerprint });
    const [took, current, fields] = (await this.#client.eval(
      CLAIM,
      3,
      ...this.#keys(key),
      fingerprint,
      running,
      owner,
      this.#leaseMs,
      IDEMPOTENCY_TTL_MS,
    )) as [number, string, string[] | undefined];
    const previous = current ? ((await decodeRecord(current)) as IdempotencyRecord) : undefined;
    if (took !== 1) return { claimed: false, record: refusedWith(previous as IdempotencyRecord, fingerprint) };
    const recorded = new Map<string, LedgerEntry>();
    for (let i = 0; i + 1 < (fields?.length ?? 0); i += 2) recorded.set(fields?.[i] as string, decodeEntry(fields?.[i + 1] as string));
    return previous?.state === 'cut' ? { claimed: true, owner, resumes: previous.result, recorded } : { claimed: true, owner, recorded };
  }

  async renew(key: string, owner: string): Promise<boolean> {
    const [, lease] = this.#keys(key);
    return (await this.#client.eval(RENEW, 1, lease, owner, this.#leaseMs)) === 1;
  }

  async start(key: string, owner: string, itemId: string, entry: LedgerEntry): Promise<boolean> {
    const [, lease, ledger] = this.#keys(key);
    return (await this.#client.eval(START, 2, lease, ledger, owner, itemId, encodeEntry(entry), IDEMPOTENCY_TTL_MS)) === 1;
  }

  async record(key: string, itemId: string, entry: LedgerEntry | undefined): Promise<void> {
    const [, , ledger] = this.#keys(key);
    if (!entry) {
      await this.#client.hdel(ledger, itemId);
      return;
    }
    await this.#client.multi().hset(ledger, itemId, encodeEntry(entry)).pexpire(ledger, IDEMPOTENCY_TTL_MS).exec();
  }

  async finish(key: string, owner: string, record: FinishedRecord, scope?: string): Promise<boolean> {
    const keepLedger = record.state === 'done' ? '0' : '1';
    const stored = await encodeRecord(record, this.#recordMaxBytes);
    const keys = scope === undefined ? this.#keys(key) : [...this.#keys(key), ...this.#scopeKeys(scope)];
    const args = [owner, stored, IDEMPOTENCY_TTL_MS, keepLedger, Date.now(), this.#scopeQuotaBytes];
    return (await this.#client.eval(FINISH, keys.length, ...keys, ...args)) === 1;
  }

  async abandon(key: string, owner: string): Promise<void> {
    const [, lease] = this.#keys(key);
    await this.#client.eval(DROP, 1, lease, owner);
  }

  async release(key: string, owner: string): Promise<void> {
    const [record, lease, ledger] = this.#keys(key);
    await this.#client.eval(DROP, 3, lease, record, ledger, owner);
  }

  /** A scope's index of its finished records and their sizes. */
  #scopeKeys(scope: string): [string, string] {
    const index = `${this.#keyPrefix}scope:${scope}`;
    return [index, `${index}:bytes`];
  }

  /** The record, the lease and the ledger of a key. */
  #keys(key: string): [string, string, string] {
    const record = `${this.#keyPrefix}${key}`;
    return [record, `${record}:lease`, `${record}:items`];
  }
}
