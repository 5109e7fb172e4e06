// A batch with an Idempotency-Key whose instance dies midway, and one whose browser leaves midway: the repeat
// sends only what was never sent, and says which items are in doubt. Two BFF instances share one Redis in front
// of the fault upstream, whose held answers stall the items the test wants in flight.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app.ts';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { injectChecked } from '../test-support/contract.ts';
import { DyingStore, deferred } from '../test-support/dying-store.ts';
import { CSRF, signInBff, TOKENS_PATH } from '../test-support/fault-bff.ts';
import { type CannedAnswer, type FaultUpstream, startFaultUpstream } from '../test-support/fault-upstream.ts';
import { legacyAssessmentId as id, legacyAssessment } from '../test-support/legacy-assessments.ts';
import { type RunningRedis, startRedis } from '../test-support/redis-server.ts';
import { type CapturedLogs, captureLogs, testConfig } from '../test-support/test-server.ts';
import { OUTCOME_UNKNOWN, outcomeUnknown } from './batch-ledger.ts';
import type { IdempotencyStore } from './idempotency-store.ts';
import { RedisIdempotencyStore } from './redis-idempotency-store.ts';

const sent = (n: number): CannedAnswer => ({
  status: 200,
  json: { sent: true, error: null, emailAddress: `client${n}@example.test`, subject: `Subject ${n}`, body: `<p>Body ${n}</p>` },
});
const invitePath = (n: number) => `GET /api/v2/tokens/${id(n)}/sendinvite`;
const clientOf = (n: number) => `Client${n} Person${n}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

let redis: RunningRedis | undefined;
let upstream: FaultUpstream | undefined;
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  await redis?.stop();
  redis = undefined;
});

/** A BFF instance on the shared Redis and upstream; `store` replaces its Idempotency-Key store. */
async function instance(store?: IdempotencyStore, logs?: CapturedLogs): Promise<FastifyInstance> {
  const env = { LEGACY_API_URL: upstream?.url ?? '', REDIS_URL: redis?.url ?? '', BATCH_CONCURRENCY: '4', BATCH_ITEM_TIMEOUT_MS: '60000' };
  const server = buildServer(testConfig(env), { idempotencyStore: store, logger: logs?.logger });
  closing.push(() => server.close());
  await server.ready();
  return server;
}

function redisClient(): Redis {
  const client = new Redis(redis?.url ?? '', { maxRetriesPerRequest: 1 });
  closing.push(() => client.quit());
  return client;
}

const invitesTo = (n: number) => upstream?.received.filter((r) => r.url.startsWith(`/api/v2/tokens/${id(n)}/sendinvite`)).length;
const invite = (server: FastifyInstance, session: string, key: string, ids: string[]) =>
  injectChecked(server, {
    method: 'POST',
    url: '/api/assessments/invites',
    headers: { ...CSRF, 'idempotency-key': key },
    cookies: { [SESSION_COOKIE]: session },
    payload: { ids, serverSend: true },
  });

describe('a batch whose instance dies midway', () => {
  it('is resumed on another instance once its lease lapsed: only the items never started are sent, those in flight reported in doubt', async () => {
    redis = await startRedis();
    upstream = await startFaultUpstream();
    closing.push(() => upstream?.close() ?? Promise.resolve());
    // A short lease, renewed as in production (a third of it): the test need not wait 10 s for the dead one's to lapse.
    const leaseMs = 1_500;
    const dying = new DyingStore(new RedisIdempotencyStore(redisClient(), { leaseMs }));
    const first = await instance(dying);
    const second = await instance(new RedisIdempotencyStore(redisClient(), { leaseMs }));
    const session = await signInBff(first, upstream);

    upstream.answer(TOKENS_PATH, { status: 200, json: range(1, 8).map((n) => legacyAssessment(n)) });
    // 1 and 2 are sent at once; 3 to 6 stall in flight (4 lanes); 7 and 8 are never started by the first instance.
    const stalled = deferred();
    for (const n of range(1, 8))
      upstream.answer(invitePath(n), [3, 4, 5, 6].includes(n) ? { fault: 'held', until: stalled.promise, answer: sent(n) } : sent(n));
    const key = 'instance-dies-0001';
    const ids = range(1, 8).map(id);

    void invite(first, session, key, ids);
    await vi.waitFor(() => expect(range(1, 6).map(invitesTo)).toEqual([1, 1, 1, 1, 1, 1]));
    // Alive, the first instance renews its lease: the repeat waits.
    const meanwhile = await invite(second, session, key, ids);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.headers['retry-after']).toBe('2');
    expect(meanwhile.json()).toMatchObject({ code: 'idempotency_in_progress' });

    dying.die();
    const resumed = await vi.waitFor(
      async () => {
        const answer = await invite(second, session, key, ids);
        expect(answer.statusCode).toBe(200);
        return answer;
      },
      { timeout: 10_000, interval: 200 },
    );
    const inDoubt = (n: number) => ({ id: id(n), name: clientOf(n), code: OUTCOME_UNKNOWN, message: outcomeUnknown(clientOf(n)) });
    expect(resumed.json()).toEqual({
      total: 8,
      succeeded: 4,
      failed: [3, 4, 5, 6].map(inDoubt),
      notAttempted: 0,
      skippedCompleted: 0,
      reminders: 0,
      drafts: [],
    });
    // Every e-mail went out once: 1 and 2 by the first instance, 7 and 8 by the second, 3 to 6 by the first (in doubt).
    expect(range(1, 8).map(invitesTo)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);

    // Once more: the whole answer, no legacy call.
    const before = upstream.received.length;
    expect((await invite(second, session, key, ids)).json()).toEqual(resumed.json());
    expect(upstream.received.length).toBe(before);
    stalled.resolve();
  });
});

describe('a batch whose browser leaves midway', () => {
  it('lets the items in flight finish and records them: the repeat sends only what was never started', async () => {
    redis = await startRedis();
    upstream = await startFaultUpstream();
    closing.push(() => upstream?.close() ?? Promise.resolve());
    const logs = captureLogs();
    const server = await instance(undefined, logs);
    const session = await signInBff(server, upstream);
    upstream.answer(TOKENS_PATH, { status: 200, json: range(1, 6).map((n) => legacyAssessment(n)) });
    const inFlight = deferred();
    for (const n of range(1, 6))
      upstream.answer(invitePath(n), n <= 4 ? { fault: 'held', until: inFlight.promise, answer: sent(n) } : sent(n));
    const key = 'browser-leaves-0001';
    const ids = range(1, 6).map(id);

    await server.listen({ port: 0, host: '127.0.0.1' });
    const browser = new AbortController();
    const answer = fetch(`http://127.0.0.1:${(server.server.address() as AddressInfo).port}/api/assessments/invites`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json', 'idempotency-key': key, cookie: `${SESSION_COOKIE}=${session}` },
      body: JSON.stringify({ ids, serverSend: true }),
      signal: browser.signal,
    });
    // Four lanes: 1 to 4 in flight.
    await vi.waitFor(() => expect(range(1, 4).map(invitesTo)).toEqual([1, 1, 1, 1]));
    browser.abort();
    await expect(answer).rejects.toThrow();
    // The BFF saw the browser leave once its side of the connection closed.
    await vi.waitFor(async () => {
      const open = await new Promise<number>((resolve, reject) =>
        server.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
      );
      expect(open).toBe(0);
    });
    // The legacy API answers the four after the browser left: they were sent.
    inFlight.resolve();
    await vi.waitFor(() => expect(logs.lines().filter((line) => line.msg === 'batch cancelled')).toHaveLength(1));
    expect(logs.lines().find((line) => line.msg === 'batch cancelled')?.batch).toEqual({
      total: 6,
      succeeded: 4,
      failed: 0,
      notAttempted: 2,
    });

    const resumed = await invite(server, session, key, ids);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ total: 6, succeeded: 6, failed: [], notAttempted: 0 });
    expect(range(1, 6).map(invitesTo)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
