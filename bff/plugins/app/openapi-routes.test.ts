import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsonObject, listOperations } from '../../../contract/operations.ts';
import { buildServer } from '../../app.ts';
import type { OperationHandlers } from '../../operation.ts';
import { injectChecked, problemViolations } from '../../test-support/contract.ts';
import { captureLogs, TEST_SECRET, testConfig } from '../../test-support/test-server.ts';
import cookies from '../external/cookie.ts';
import { bffContract, bffOperations, publicOperationsDisagreeing, streamedMediaTypes } from './bff-contract.ts';
import clientGone from './client-gone.ts';
import openapiRoutes, { CONTRACT_AJV_OPTIONS } from './openapi-routes.ts';
import problems from './problems.ts';
import session from './session.ts';
import sessionStore from './session-store.ts';

// The contract's routes with only the handlers given: everything else must answer 501. `prepare` sees the
// server before the routes are registered (a hook of its own, for one).
async function routesWith(handlers: OperationHandlers, prepare: (server: FastifyInstance) => void = () => {}): Promise<FastifyInstance> {
  const server = Fastify({ ajv: { customOptions: CONTRACT_AJV_OPTIONS } });
  await server.register(cookies, { secrets: [TEST_SECRET] });
  await server.register(problems);
  await server.register(sessionStore, {});
  await server.register(session, { idleTimeoutMs: 60_000, absoluteTimeoutMs: 120_000 });
  await server.register(clientGone);
  prepare(server);
  await server.register(openapiRoutes, { handlers });
  await server.ready();
  return server;
}

let bare: FastifyInstance;
let app: FastifyInstance;
beforeAll(async () => {
  bare = await routesWith({ getLiveness: async () => ({ status: 'ok' }) });
  app = buildServer(testConfig({ LEGACY_API_URL: 'http://127.0.0.1:1' }));
  await app.ready();
});
afterAll(async () => {
  await bare.close();
  await app.close();
});

describe('routes from openapi/bff.yaml', () => {
  it('answers an operation that has no handler with 501 not_implemented, never a fake success', async () => {
    const response = await bare.inject({ method: 'GET', url: '/api/public/mini/translations' });
    expect(response.statusCode).toBe(501);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toMatchObject({ status: 501, code: 'not_implemented', type: '/problems/not_implemented' });
    expect(problemViolations(response.body)).toEqual([]);
  });

  it('routes an operation to its handler by operationId', async () => {
    const response = await injectChecked(bare, { method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('validates requests with the contract and answers the problem format', async () => {
    const response = await injectChecked(app, {
      method: 'POST',
      url: '/api/password/reset',
      headers: { 'x-csrf': '1' },
      payload: { code: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: expect.arrayContaining([{ field: 'newPassword', message: 'Please enter the new password.' }]),
    });
  });

  it('asks for the session on every operation the contract secures, before validating', async () => {
    for (const [method, url] of [
      ['GET', '/api/dashboard'],
      ['GET', '/api/session'],
      ['POST', '/api/assessments/invites'],
    ] as const) {
      const response = await injectChecked(app, { method, url, headers: { 'x-csrf': '1' }, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'session_ended', detail: 'Your session has ended. Please log in again.' });
    }
  });

  it('keeps the probes public', async () => {
    expect((await injectChecked(app, { method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // No legacy API listens in this test: not ready, but answered without a session.
    expect((await injectChecked(app, { method: 'GET', url: '/readyz' })).json().code).toBe('dependency_unavailable');
  });
});

describe('request bodies other than JSON', () => {
  it('starts without a warning about a missing content-type parser', async () => {
    const logs = captureLogs('debug');
    const server = buildServer(testConfig({ LOG_LEVEL: 'debug', LEGACY_API_URL: 'http://127.0.0.1:1' }), { logger: logs.logger });
    try {
      await server.ready();
      // The capture works: a warning logged now is seen.
      server.log.warn('ContentTypeParser control line');
      expect(logs.lines().map((line) => line.msg)).toEqual(['ContentTypeParser control line']);
    } finally {
      await server.close();
    }
  });

  it('knows the contract uploads multipart/form-data', () => {
    expect(streamedMediaTypes(bffOperations())).toEqual(['multipart/form-data']);
  });

  it('hands an upload to its handler as the unparsed request stream', async () => {
    const server = await routesWith(
      {
        uploadProfilePhoto: async ({ body }, ctx) => {
          const stream = body as unknown as AsyncIterable<Buffer>;
          let bytes = 0;
          for await (const chunk of stream) bytes += chunk.length;
          return { bytes, type: ctx.headers['content-type'] } as never;
        },
      },
      (prepared) => {
        // The route is secured: a session as the session plugin would have loaded it.
        prepared.addHook('onRequest', async (request) => {
          request.session = {
            id: 'a'.repeat(43),
            legacyCookie: 'portal_session=1',
            coachId: 'coach',
            createdAt: 0,
            lastSeenAt: 0,
            absoluteExpiresAt: Number.MAX_SAFE_INTEGER,
            flags: { impersonator: false, assisted: false },
          };
        });
      },
    );
    try {
      const boundary = 'portal-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
        Buffer.alloc(70_000, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await server.inject({
        method: 'PUT',
        url: '/api/profile/photo',
        headers: { 'x-csrf': '1', 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ bytes: payload.length, type: `multipart/form-data; boundary=${boundary}` });
    } finally {
      await server.close();
    }
  });
});

describe('PUBLIC_OPERATIONS', () => {
  it("agrees with the contract's security, so a handler's session type never lies", () => {
    expect(publicOperationsDisagreeing(bffOperations())).toEqual([]);
  });

  it('names an operation the contract secures differently', () => {
    const spec = structuredClone(bffContract()) as { paths: Record<string, Record<string, { security?: unknown }>> };
    const dashboard = spec.paths['/api/dashboard']?.get;
    if (!dashboard) throw new Error('no getDashboard in the contract');
    dashboard.security = [];
    expect(publicOperationsDisagreeing(listOperations(spec as unknown as JsonObject))).toEqual(['getDashboard']);
  });
});
