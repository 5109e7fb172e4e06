// A create with an Idempotency-Key on two BFF instances sharing one real Redis, in front of the fault upstream
// (Leave a Message: one legacy call): a double-click whose two requests reach two instances makes one legacy call and
// both answer its success; an outcome that is not known (a timeout, a connection cut after the call went out, an
// instance that died mid-call) is never run again but answered with `outcome_unknown`; a call that never left (a
// refused connection) is forgotten, so a retry runs; a legacy refusal is kept and answered again.
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app.ts';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { injectChecked } from '../test-support/contract.ts';
import { DyingStore, deferred } from '../test-support/dying-store.ts';
import { CSRF, legacyError, signInBff } from '../test-support/fault-bff.ts';
import { type CannedAnswer, type FaultUpstream, startFaultUpstream } from '../test-support/fault-upstream.ts';
import { type RunningRedis, startRedis } from '../test-support/redis-server.ts';
import { LEGACY_COACH_ID } from '../test-support/session-fixtures.ts';
import { testConfig } from '../test-support/test-server.ts';
import { OUTCOME_UNKNOWN } from './batch-ledger.ts';
import type { IdempotencyStore } from './idempotency-store.ts';
import { NO_ANSWER_UNKNOWN, STOPPED_UNKNOWN } from './idempotent-create.ts';
import { RedisIdempotencyStore } from './redis-idempotency-store.ts';

const LEAVE_MESSAGE = `POST /api/v2/coaches/${LEGACY_COACH_ID}/leaveMessage`;
const MESSAGE = { category: 'bugReport', message: 'The team report shows no names.' };
const done: CannedAnswer = { status: 200, json: {} };
// A short lease, renewed as in production (a third of it): a dead instance's claim lapses soon.
const LEASE_MS = 1_500;

let redis: RunningRedis;
let upstream: FaultUpstream;
let session: string;
const closing: (() => Promise<unknown>)[] = [];

/** A BFF instance on the shared Redis; its legacy timeout is also how long a repeat waits for the first outcome. */
async function instance({
  store,
  timeoutMs = 5_000,
  legacyUrl = upstream.url,
}: {
  store?: IdempotencyStore;
  timeoutMs?: number;
  legacyUrl?: string;
} = {}) {
  const env = { LEGACY_API_URL: legacyUrl, REDIS_URL: redis.url, UPSTREAM_TIMEOUT_MS: String(timeoutMs) };
  const server = buildServer(testConfig(env), { idempotencyStore: store });
  closing.push(() => server.close());
  await server.ready();
  return server;
}

function redisStore(): RedisIdempotencyStore {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  closing.push(() => client.quit());
  return new RedisIdempotencyStore(client, { leaseMs: LEASE_MS });
}

let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startFaultUpstream();
  first = await instance({ store: redisStore() });
  second = await instance({ store: redisStore() });
  // The session lives in Redis: both instances know it.
  session = await signInBff(first, upstream);
});
afterAll(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  await upstream?.close();
  await redis?.stop();
});

const leave = (server: FastifyInstance, key?: string, payload: object = MESSAGE) =>
  injectChecked(server, {
    method: 'POST',
    url: '/api/feedback',
    headers: { ...CSRF, ...(key && { 'idempotency-key': key }) },
    cookies: { [SESSION_COOKIE]: session },
    payload,
  });
const sent = () => upstream.received.filter((request) => `${request.method} ${request.url.split('?')[0]}` === LEAVE_MESSAGE).length;

describe('a double-click whose two requests reach two instances', () => {
  it('makes one legacy call; the second waits for the first and answers its success; a repeat later calls nothing', async () => {
    const held = deferred();
    upstream.answer(LEAVE_MESSAGE, { fault: 'held', until: held.promise, answer: done }, done);
    const before = sent();
    const one = leave(first, 'two-instances-0001');
    await vi.waitFor(() => expect(sent()).toBe(before + 1));
    const other = leave(second, 'two-instances-0001');
    held.resolve();
    const [a, b] = await Promise.all([one, other]);
    expect([a.statusCode, b.statusCode]).toEqual([204, 204]);
    expect(sent()).toBe(before + 1);

    expect((await leave(second, 'two-instances-0001')).statusCode).toBe(204);
    expect((await leave(first, 'two-instances-0001', { ...MESSAGE, message: 'Another text.' })).json()).toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
    expect(sent()).toBe(before + 1);
  });

  it('answers 409 idempotency_in_progress only when the first outlasts the wait (the operation timeout)', async () => {
    const held = deferred();
    upstream.answer(LEAVE_MESSAGE, { fault: 'held', until: held.promise, answer: done }, done);
    const impatient = await instance({ store: redisStore(), timeoutMs: 300 });
    const before = sent();
    const one = leave(first, 'two-instances-0002');
    await vi.waitFor(() => expect(sent()).toBe(before + 1));
    const other = await leave(impatient, 'two-instances-0002');
    expect(other.statusCode).toBe(409);
    expect(other.headers['retry-after']).toBe('2');
    expect(other.json()).toMatchObject({ code: 'idempotency_in_progress' });
    held.resolve();
    expect((await one).statusCode).toBe(204);
    expect((await leave(impatient, 'two-instances-0002')).statusCode).toBe(204);
    expect(sent()).toBe(before + 1);
  });

  it('without a key, runs each request as before (two calls)', async () => {
    upstream.answer(LEAVE_MESSAGE, done);
    const before = sent();
    const answers = await Promise.all([leave(first), leave(second)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204]);
    expect(sent()).toBe(before + 2);
  });
});

describe('an outcome that is not known', () => {
  it('after a timeout: the first answers 504, a repeat 409 outcome_unknown without a second call', async () => {
    const quick = await instance({ store: redisStore(), timeoutMs: 300 });
    const held = deferred();
    upstream.answer(LEAVE_MESSAGE, { fault: 'held', until: held.promise, answer: done }, done);
    const before = sent();
    const timedOut = await leave(quick, 'unknown-0001');
    expect(timedOut.json()).toMatchObject({ status: 504, code: 'upstream_timeout' });
    held.resolve();
    const repeat = await leave(second, 'unknown-0001');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({ code: OUTCOME_UNKNOWN, detail: NO_ANSWER_UNKNOWN });
    expect(sent()).toBe(before + 1);
  });

  it('after a connection cut once the call went out: the repeat answers outcome_unknown', async () => {
    upstream.answer(LEAVE_MESSAGE, { fault: 'reset' }, done);
    const before = sent();
    expect((await leave(first, 'unknown-0002')).statusCode).toBe(502);
    expect((await leave(first, 'unknown-0002')).json()).toMatchObject({ status: 409, code: OUTCOME_UNKNOWN });
    expect(sent()).toBe(before + 1);
  });

  it('after its instance died mid-call: once the lease lapsed, the repeat answers outcome_unknown, never calls again', async () => {
    const held = deferred();
    upstream.answer(LEAVE_MESSAGE, { fault: 'held', until: held.promise, answer: done }, done);
    const dying = new DyingStore(redisStore());
    const doomed = await instance({ store: dying });
    const before = sent();
    void leave(doomed, 'unknown-0003');
    await vi.waitFor(() => expect(sent()).toBe(before + 1));
    dying.die();
    const repeat = await leave(second, 'unknown-0003');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({ code: OUTCOME_UNKNOWN, detail: STOPPED_UNKNOWN });
    expect((await leave(first, 'unknown-0003')).json()).toMatchObject({ code: OUTCOME_UNKNOWN });
    expect(sent()).toBe(before + 1);
    held.resolve();
  });
});

describe('an outcome that is known', () => {
  it('a legacy refusal is kept: the repeat answers it without a call', async () => {
    upstream.answer(LEAVE_MESSAGE, legacyError('Message refused'), done);
    const before = sent();
    const refused = await leave(first, 'known-0001');
    expect(refused.json()).toMatchObject({ status: 400, code: 'feedback_failed' });
    const repeat = await leave(second, 'known-0001');
    expect(repeat.statusCode).toBe(400);
    expect(repeat.body).toBe(refused.body.replace(refused.json().instance, repeat.json().instance));
    expect(sent()).toBe(before + 1);
  });

  it('a refused connection sent nothing: the key is forgotten and a retry runs', async () => {
    // A port nothing listens on: the connection is refused before anything is sent.
    const closed = await startFaultUpstream();
    const deadUrl = closed.url;
    await closed.close();
    const offline = await instance({ store: redisStore(), legacyUrl: deadUrl });
    upstream.answer(LEAVE_MESSAGE, done);
    const before = sent();
    expect((await leave(offline, 'known-0002')).statusCode).toBe(502);
    expect((await leave(first, 'known-0002')).statusCode).toBe(204);
    expect(sent()).toBe(before + 1);
  });
});
