import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { captureLogs, testConfig } from '../../test-support/test-server.ts';

const logs = captureLogs();
let server: FastifyInstance;
beforeAll(async () => {
  // Nothing listens on the legacy URL: a request that gets past the check fails upstream (502), not here.
  server = buildServer(testConfig({ ALLOWED_ORIGINS: 'https://portal.example.com', LEGACY_API_URL: 'http://127.0.0.1:1' }), {
    logger: logs.logger,
  });
  await server.ready();
});
afterAll(() => server.close());

const forgot = (headers: Record<string, string>) =>
  injectChecked(server, { method: 'POST', url: '/api/password/forgot', headers, payload: { email: 'demo@coachportal.test' } });

describe('CSRF check', () => {
  it.each([
    ['without X-CSRF', {}],
    ['with another X-CSRF value', { 'x-csrf': 'true' }],
    ['from a foreign Origin', { 'x-csrf': '1', origin: 'https://evil.example' }],
    ['from a null Origin', { 'x-csrf': '1', origin: 'null' }],
  ])('refuses a state-changing call %s with 403 csrf_required, and logs it', async (_name, headers) => {
    const response = await forgot(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf_required', detail: 'This request was refused.', title: 'Forbidden' });
    const line = logs.lines().findLast((entry) => entry.msg === 'CSRF check refused the request');
    expect(line).toMatchObject({ level: 'warn', method: 'POST', reason: expect.any(String), requestId: response.headers['x-request-id'] });
  });

  it.each([
    ['with X-CSRF and an allowed Origin', { 'x-csrf': '1', origin: 'https://portal.example.com' }],
    ['with X-CSRF and no Origin (same-origin GET-less clients)', { 'x-csrf': '1' }],
  ])('lets a call through %s', async (_name, headers) => {
    expect((await forgot(headers)).statusCode).toBe(502);
  });

  it('checks every state-changing method, before the session, and no safe one', async () => {
    for (const [method, url] of [
      ['POST', '/api/session/extend'],
      ['PUT', '/api/email-templates/invite'],
      ['PATCH', '/api/profile'],
      ['DELETE', '/api/session'],
    ] as const) {
      expect((await injectChecked(server, { method, url })).json().code).toBe('csrf_required');
    }
    expect((await injectChecked(server, { method: 'GET', url: '/api/session' })).json().code).toBe('session_ended');
    expect((await injectChecked(server, { method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it.each([
    ['percent-encoded', '/%61pi/password/forgot'],
    ['with a dot segment', '/api/../api/password/forgot'],
    ['percent-encoded in the middle', '/api/password/%66orgot'],
  ])('refuses a %s spelling of an API path too', async (_name, url) => {
    const response = await server.inject({
      method: 'POST',
      url,
      headers: { origin: 'https://evil.example' },
      payload: { email: 'demo@coachportal.test' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_required');
  });
});
