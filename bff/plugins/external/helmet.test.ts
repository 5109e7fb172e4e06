import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { testConfig } from '../../test-support/test-server.ts';

let server: FastifyInstance;
beforeAll(async () => {
  server = buildServer(testConfig());
  await server.ready();
});
afterAll(() => server.close());

describe('security headers', () => {
  it.each(['/healthz', '/no-such-page'])('are sent on %s', async (url) => {
    const { headers } = await server.inject(url);
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';connect-src 'self';font-src 'self';form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self'",
    );
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-powered-by']).toBeUndefined();
  });
});
