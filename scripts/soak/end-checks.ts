// What the soak run reads once the coaches are done: the sandbox's outbox against the batches' answers, and Redis
// for Download Reports jobs and Idempotency-Key claims still running.
import { Redis } from 'ioredis';
import type { BatchRecord } from './record.ts';

export interface OutboxCheck {
  items: number;
  emails: number;
  /** Clients e-mailed more than once by the run (each client is in one batch at most). */
  duplicates: { coach: number; key: string; clientEmail: string; count: number }[];
  /** Items a batch reported sent whose client got no e-mail. */
  missing: { coach: number; key: string; clientEmail: string }[];
  /**
   * Items a batch reported failed or not attempted whose client got an e-mail anyway (told, not judged). An item
   * reported `outcome_unknown` (its call timed out or was cut off: not known whether it was sent) is neither.
   */
  sentThoughFailed: { coach: number; key: string; clientEmail: string; reported: string }[];
  /** Batches whose `succeeded` does not match the ids it did not list as failed or not attempted. */
  inconsistent: string[];
  /** Batches that never answered 200 (their outcome cannot be read). */
  unanswered: BatchRecord[];
}

async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

export async function checkOutbox(sandboxUrl: string, batches: readonly BatchRecord[]): Promise<OutboxCheck> {
  const counts = new Map<string, number>();
  const addresses = [...new Set(batches.flatMap((batch) => batch.items.map((item) => item.clientEmail)))];
  await inPool(addresses, 16, async (address) => {
    const response = await fetch(`${sandboxUrl}/__sandbox/outbox?to=${encodeURIComponent(address)}`);
    if (!response.ok) throw new Error(`the sandbox outbox answered ${response.status} for ${address}`);
    const { messages } = (await response.json()) as { messages: unknown[] };
    counts.set(address, messages.length);
  });
  const check: OutboxCheck = { items: 0, emails: 0, duplicates: [], missing: [], sentThoughFailed: [], inconsistent: [], unanswered: [] };
  for (const batch of batches) {
    const outcome = batch.outcome;
    if (!outcome) check.unanswered.push(batch);
    const notSent = new Map<string, string>([
      ...(outcome?.failed.map((failure) => [failure.id, `${failure.code}: ${failure.message}`] as const) ?? []),
      ...(outcome?.notAttemptedIds?.map((id) => [id, 'not attempted'] as const) ?? []),
    ]);
    let sent = 0;
    for (const item of batch.items) {
      check.items++;
      const count = counts.get(item.clientEmail) ?? 0;
      check.emails += count;
      if (count > 1) check.duplicates.push({ coach: batch.coach, key: batch.key, clientEmail: item.clientEmail, count });
      if (!outcome) continue;
      const reported = notSent.get(item.id);
      if (reported !== undefined) {
        if (count > 0 && !reported.startsWith('outcome_unknown:'))
          check.sentThoughFailed.push({ coach: batch.coach, key: batch.key, clientEmail: item.clientEmail, reported });
        continue;
      }
      sent++;
      if (count === 0) check.missing.push({ coach: batch.coach, key: batch.key, clientEmail: item.clientEmail });
    }
    if (outcome && outcome.succeeded !== sent - outcome.skippedCompleted) check.inconsistent.push(batch.key);
  }
  return check;
}

export interface RedisCheck {
  /** Download Reports jobs whose status is still `running` (and whose lease, where the BFF keeps one, is alive). */
  runningJobs: string[];
  /** Jobs still marked running whose lease lapsed: the next read on any instance fails them; their keys expire. */
  lapsedJobs: number;
  /** Jobs never started (`pending`): they expire on their own. */
  pendingJobs: number;
  /** Idempotency-Key records still claimed as running. */
  runningKeys: string[];
  /** How long after the coaches finished the check waited for them to end. */
  waitedMs: number;
}

async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  return keys;
}

async function readRedis(redis: Redis): Promise<Omit<RedisCheck, 'waitedMs'>> {
  // portal:job:<id> is the job's hash (beside it <id>:failed, a list); bff/downloads/redis-job-store.ts.
  const jobKeys = (await scanKeys(redis, 'portal:job:*')).filter((key) => !key.endsWith(':failed'));
  const jobs = await Promise.all(jobKeys.map(async (key) => [key, ...(await redis.hmget(key, 'status', 'aliveUntil'))] as const));
  const now = Date.now();
  const running = jobs.filter(([, status]) => status === 'running');
  const alive = running.filter(([, , aliveUntil]) => aliveUntil === null || Number(aliveUntil) > now);
  // portal:idempotency:<hash> is the record (JSON); beside it <hash>:lease and <hash>:items (batch/idempotency-store.ts).
  const records = (await scanKeys(redis, 'portal:idempotency:*')).filter((key) => !/:(lease|items)$/.test(key));
  const states = await Promise.all(
    records.map(async (key) => {
      try {
        return [key, (JSON.parse((await redis.get(key)) ?? '{}') as { state?: string }).state] as const;
      } catch {
        return [key, undefined] as const;
      }
    }),
  );
  return {
    runningJobs: alive.map(([key]) => key),
    lapsedJobs: running.length - alive.length,
    pendingJobs: jobs.filter(([, status]) => status === 'pending').length,
    runningKeys: states.filter(([, state]) => state === 'running').map(([key]) => key),
  };
}

/** Reads Redis until nothing runs, or `graceMs` passed (a job or key of a killed instance may take a while to be freed). */
export async function checkRedis(url: string, graceMs: number): Promise<RedisCheck> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', () => {});
  await redis.connect();
  const started = performance.now();
  try {
    for (;;) {
      const found = await readRedis(redis);
      const waitedMs = performance.now() - started;
      if ((found.runningJobs.length === 0 && found.runningKeys.length === 0) || waitedMs >= graceMs) return { ...found, waitedMs };
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    redis.disconnect();
  }
}
