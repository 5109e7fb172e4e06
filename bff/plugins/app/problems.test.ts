import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { problem } from '../../problem.ts';
import { type CapturedLogs, captureLogs, testConfig } from '../../test-support/test-server.ts';

let server: FastifyInstance;
let logs: CapturedLogs;

beforeAll(async () => {
  logs = captureLogs();
  server = buildServer(testConfig(), { logger: logs.logger });
  server.register(async (routes) => {
    routes.get('/conflict', async () => {
      throw problem(409, 'conflict', 'You cannot edit membership of a team for which a report has already been requested.');
    });
    routes.get('/upstream', async () => {
      throw problem(502, 'upstream_error', 'The service is unavailable. Please try again later.');
    });
    routes.get('/bug', async () => {
      throw new Error('connection to 10.0.0.5 refused for user admin');
    });
    routes.get('/thrown-string', async () => {
      throw 'not an error';
    });
    routes.post(
      '/strict',
      { schema: { body: { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' } } } } },
      async () => ({}),
    );
  });
  await server.ready();
});
afterAll(() => server.close());

function expectProblem(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = response.json();
  expect(body.instance).toBe(response.headers['x-request-id']);
  expect(body.type).toBe(`/problems/${body.code}`);
  expect(body.status).toBe(response.statusCode);
  return body;
}

describe('problems', () => {
  it('answers a thrown problem as it was made', async () => {
    const response = await server.inject('/conflict');
    expect(response.statusCode).toBe(409);
    expect(expectProblem(response)).toMatchObject({
      title: 'Failed',
      code: 'conflict',
      detail: 'You cannot edit membership of a team for which a report has already been requested.',
    });
  });

  it('keeps the detail of a deliberate 5xx problem', async () => {
    const response = await server.inject('/upstream');
    expect(response.statusCode).toBe(502);
    expect(expectProblem(response)).toMatchObject({
      code: 'upstream_error',
      detail: 'The service is unavailable. Please try again later.',
    });
  });

  it('hides the cause of an unexpected error and logs it under the request id', async () => {
    const response = await server.inject('/bug');
    expect(response.statusCode).toBe(500);
    const body = expectProblem(response);
    expect(body).toMatchObject({ code: 'internal_error', title: 'Failed', detail: 'There was an unexpected error' });
    expect(response.body).not.toContain('10.0.0.5');
    const logged = logs.lines().find((line) => line.requestId === body.instance && line.msg === 'request failed');
    expect(logged?.err).toMatchObject({ message: 'connection to 10.0.0.5 refused for user admin' });
  });

  it('handles a thrown value that is not an Error', async () => {
    const response = await server.inject('/thrown-string');
    expect(response.statusCode).toBe(500);
    expect(expectProblem(response).code).toBe('internal_error');
  });

  it('turns validation failures into validation_failed with field errors', async () => {
    const response = await server.inject({ method: 'POST', url: '/strict', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(expectProblem(response)).toMatchObject({
      code: 'validation_failed',
      detail: 'Please enter the email.',
      errors: [{ field: 'email', message: 'Please enter the email.' }],
    });
    const format = await server.inject({ method: 'POST', url: '/strict', payload: { email: 'nope' } });
    expect(format.json()).toMatchObject({
      detail: 'Please enter a valid email.',
      errors: [{ field: 'email', message: 'Please enter a valid email.' }],
    });
  });

  it('keeps the status and message of framework 4xx errors', async () => {
    const badJson = await server.inject({ method: 'POST', url: '/strict', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.statusCode).toBe(400);
    expect(expectProblem(badJson).code).toBe('bad_request');
    const badType = await server.inject({ method: 'POST', url: '/strict', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(badType.statusCode).toBe(415);
    expect(expectProblem(badType)).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('answers unknown routes with a not_found problem', async () => {
    const response = await server.inject('/nowhere?token=abc');
    expect(response.statusCode).toBe(404);
    expect(expectProblem(response)).toMatchObject({ code: 'not_found', title: 'Not found' });
  });
});
