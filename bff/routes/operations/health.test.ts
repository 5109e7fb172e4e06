import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type CannedAnswer, type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { testConfig } from '../../test-support/test-server.ts';

const CHECK = 'GET /api/v2/checkForValidSession';
let upstream: FaultUpstream;
let server: FastifyInstance;

beforeEach(async () => {
  upstream = await startFaultUpstream();
  server = buildServer(testConfig({ LEGACY_API_URL: upstream.url }));
  await server.ready();
});
afterEach(async () => {
  await server.close();
  await upstream.close();
});

const readiness = () => injectChecked(server, { method: 'GET', url: '/readyz' });

describe('/readyz upstream check', () => {
  it.each<[string, CannedAnswer]>([
    ['200', { status: 200, json: { allowed: false } }],
    ['403 (no session, but it answered)', { status: 403, json: { error: { info: 'Forbidden' } } }],
  ])('is up when the legacy API answers %s, without any cookie', async (_name, answer) => {
    upstream.answer(CHECK, answer);
    const response = await readiness();
    expect(response.statusCode).toBe(200);
    expect(response.json().checks).toContainEqual({ name: 'upstream', status: 'up', latencyMs: expect.any(Number) });
    expect(upstream.received[0]?.headers.cookie).toBeUndefined();
  });

  it.each<[string, CannedAnswer]>([
    ['answers 5xx', { status: 503, text: 'maintenance' }],
    ['resets the connection', { fault: 'reset' }],
  ])('is not ready (503 dependency_unavailable) when the legacy API %s', async (_name, answer) => {
    upstream.answer(CHECK, answer);
    const response = await readiness();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({
      code: 'dependency_unavailable',
      checks: [
        { name: 'upstream', status: 'down', latencyMs: expect.any(Number) },
        { name: 'redis', status: 'notConfigured', latencyMs: null },
      ],
    });
  });

  it('asks the legacy API once for probes that come close together', async () => {
    upstream.answer(CHECK, { status: 200, json: { allowed: false } });
    for (let i = 0; i < 4; i += 1) expect((await readiness()).statusCode).toBe(200);
    expect(upstream.received).toHaveLength(1);
  });
});
