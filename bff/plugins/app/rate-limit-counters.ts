// The rate limits' counters (plugins/app/rate-limits.ts), named `portal:rate:<limit>:<hashed key>` wherever they live:
// the library's counters shared by every checker, and the failures-only limits' attempt counters, in Redis (every BFF
// instance shares one budget) or in memory.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** How many hashed keys are remembered: a session or an address asks again and again (a SHA-256 a request cost more than the counter). */
const HASHES_KEPT = 10_000;
const hashes = new Map<string, string>();

/** A key's counter name: its SHA-256, cut to 16 hex digits (no e-mail address or IP in clear, in Redis either). */
export function hashKey(key: string): string {
  let hashed = hashes.get(key);
  if (hashed === undefined) {
    hashed = createHash('sha256').update(key).digest('hex').slice(0, 16);
    // Bounded: past the bound the remembered keys start afresh (a flood of new keys costs a hash each, as before).
    if (hashes.size >= HASHES_KEPT) hashes.clear();
    hashes.set(key, hashed);
  }
  return hashed;
}

/**
 * The counters of the failures-only limits, in Redis (`portal:rate:<limit>:<hashed key>`, as the library's) or in
 * memory: an attempt is taken on arrival and given back when its answer is not a failure.
 */
export interface AttemptCounters {
  /** Counts an attempt: the count in the key's window and the milliseconds left of it (a first opens the window). */
  take(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Gives an attempt back; the key is gone when none is left. */
  giveBack(key: string): Promise<void>;
  /** Forgets the key's attempts. */
  clear(key: string): Promise<void>;
}

const TAKE = `local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {count, ttl}`;
const GIVE_BACK = `local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 1 then return redis.call('DECR', KEYS[1]) end
redis.call('DEL', KEYS[1])
return 0`;

export function redisAttemptCounters(redis: Redis): AttemptCounters {
  const name = (key: string) => `portal:rate:${key}`;
  return {
    async take(key, windowMs) {
      const [count, ttlMs] = (await redis.eval(TAKE, 1, name(key), windowMs)) as [number, number];
      return { count, ttlMs };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, name(key));
    },
    async clear(key) {
      await redis.del(name(key));
    },
  };
}

/** Keys counted in memory at once; past it the oldest window is forgotten (as the library's memory counters are bounded). */
const MEMORY_ATTEMPT_KEYS = 10_000;

export function memoryAttemptCounters(): AttemptCounters {
  const counts = new Map<string, { count: number; until: number }>();
  return {
    async take(key, windowMs) {
      const now = Date.now();
      let entry = counts.get(key);
      if (!entry || entry.until <= now) {
        counts.delete(key);
        entry = { count: 0, until: now + windowMs };
        counts.set(key, entry);
        if (counts.size > MEMORY_ATTEMPT_KEYS) counts.delete(counts.keys().next().value as string);
      }
      entry.count += 1;
      return { count: entry.count, ttlMs: entry.until - now };
    },
    async giveBack(key) {
      const entry = counts.get(key);
      if (entry && entry.count > 1) entry.count -= 1;
      else counts.delete(key);
    },
    async clear(key) {
      counts.delete(key);
    },
  };
}

type Counter = { current: number; ttl: number };
type CounterCallback = (error: Error | null, result?: Counter) => void;
interface Counters {
  incr(key: string, callback: CounterCallback, timeWindow: number, max: number): void;
  read(key: string, callback: CounterCallback, timeWindow: number, max: number): void;
}
// The library's own Redis counters (its Lua scripts); the package exports the class under no name of its own.
const LibraryRedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  prefix: string,
) => Counters;

/**
 * The library's Redis counters, every checker's under one prefix: it would prefix a checker's keys with the method
 * and URL of its route, which a checker made by `createRateLimit` does not have (`portal:rate:undefinedundefined-`).
 * The limit's name is in the key instead (`keyGenerator` below).
 */
export function sharedRedisCounters(redis: Redis) {
  const counters = new LibraryRedisStore(false, false, redis, 'portal:rate:');
  return class SharedRedisCounters implements FastifyRateLimitStore {
    incr(...args: Parameters<Counters['incr']>) {
      counters.incr(...args);
    }
    read(...args: Parameters<Counters['read']>) {
      counters.read(...args);
    }
    child() {
      return this;
    }
  };
}
