import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import { RedisSessionStore } from './session/redis-session-store.ts';
import { type FaultUpstream, startReadyUpstream } from './test-support/fault-upstream.ts';
import { sessionRecord } from './test-support/session-fixtures.ts';
import { redisServerForTests } from './test-support/test-redis.ts';
import { testConfig } from './test-support/test-server.ts';

const redis = redisServerForTests();
let upstream: FaultUpstream;
const servers: FastifyInstance[] = [];
// A legacy API that answers, so that readiness depends on Redis alone here (routes/health.test.ts covers the upstream check).
const withUpstream = (env: Record<string, string> = {}) => testConfig({ LEGACY_API_URL: upstream.url, ...env });

async function started(server: FastifyInstance): Promise<FastifyInstance> {
  servers.push(server);
  await server.ready();
  return server;
}

beforeAll(async () => {
  upstream = await startReadyUpstream();
});
afterAll(() => upstream?.close());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('health', () => {
  it('answers /healthz', async () => {
    const server = await started(buildServer(testConfig()));
    const response = await server.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready with the memory store', async () => {
    const server = await started(buildServer(withUpstream()));
    expect((await server.inject('/readyz')).json()).toEqual({
      status: 'ready',
      checks: [
        { name: 'upstream', status: 'up', latencyMs: expect.any(Number) },
        { name: 'redis', status: 'notConfigured', latencyMs: null },
      ],
    });
  });

  it('uses Redis when REDIS_URL is set and is ready once it answers', async () => {
    const server = await started(buildServer(withUpstream({ REDIS_URL: redis.url })));
    expect(server.sessionStore).toBeInstanceOf(RedisSessionStore);
    const response = await server.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: [
        { name: 'upstream', status: 'up', latencyMs: expect.any(Number) },
        { name: 'redis', status: 'up', latencyMs: expect.any(Number) },
      ],
    });
    const record = sessionRecord();
    await server.sessionStore.set(record, 60_000);
    const inspector = new Redis(redis.url);
    expect(await inspector.exists(`portal:session:${record.id}`)).toBe(1);
    await inspector.quit();
  });

  it('is not ready (503 problem) while the session store cannot reach Redis', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    unreachable.on('error', () => {});
    const server = await started(buildServer(withUpstream(), { sessionStore: new RedisSessionStore(unreachable) }));
    const response = await server.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({
      type: '/problems/dependency_unavailable',
      code: 'dependency_unavailable',
      title: 'Service unavailable',
      detail: 'The service is unavailable. Please try again later.',
      checks: [
        { name: 'upstream', status: 'up', latencyMs: expect.any(Number) },
        { name: 'redis', status: 'down', latencyMs: expect.any(Number) },
      ],
    });
  });

  it('answers shutting_down while closing, and still serves other requests', async () => {
    const server = buildServer(testConfig());
    let releaseClose = () => {};
    const closeHeld = new Promise<void>((resolve) => {
      releaseClose = resolve;
    });
    // Registered after the app, so the app's own preClose hooks have run when this one holds the close.
    server.register(async (late) => late.addHook('preClose', () => closeHeld));
    const url = await server.listen({ host: '127.0.0.1', port: 0 });
    const closed = server.close();

    const readiness = await fetch(`${url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(readiness.headers.get('retry-after')).toBe('5');
    expect(await readiness.json()).toMatchObject({ code: 'shutting_down', status: 503 });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    releaseClose();
    await closed;
  });
});

describe('server options', () => {
  it('sends the request id back', async () => {
    const server = await started(buildServer(testConfig()));
    const response = await server.inject('/healthz');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never takes the request id from the client', async () => {
    const server = await started(buildServer(testConfig()));
    const response = await server.inject({ url: '/healthz', headers: { 'request-id': 'forged', 'x-request-id': 'forged' } });
    expect(response.headers['x-request-id']).not.toBe('forged');
  });

  it('trusts X-Forwarded-For only from the listed proxies', async () => {
    const echo = (server: FastifyInstance) => server.get('/ip', async (request) => ({ ip: request.ip }));
    const ask = (server: FastifyInstance, remoteAddress: string) =>
      server.inject({ url: '/ip', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.9' } }).then((response) => response.json().ip);

    const behindProxy = buildServer(testConfig({ TRUST_PROXY: '10.0.0.0/8' }));
    echo(behindProxy);
    await started(behindProxy);
    expect(await ask(behindProxy, '10.1.2.3')).toBe('203.0.113.9');
    expect(await ask(behindProxy, '192.0.2.7')).toBe('192.0.2.7');

    const direct = buildServer(testConfig());
    echo(direct);
    await started(direct);
    expect(await ask(direct, '10.1.2.3')).toBe('10.1.2.3');
  });

  it('closes the session store with the server', async () => {
    const server = await started(buildServer(testConfig({ REDIS_URL: redis.url })));
    await server.inject('/readyz');
    await server.close();
    await expect(server.sessionStore.ping()).rejects.toThrow();
  });
});
