// The request body as the contract declares it, checked before validation: a body in another media type is
// 415, a JSON body in a charset other than UTF-8 (or its subset US-ASCII) too, a missing required one 400 (or
// the operation's own answer to a refused form); nothing unchecked reaches a handler or the legacy API. Every
// answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectChecked } from '../../test-support/contract.ts';
import { type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import { CONSTRUCTOR_KEY, PROTO_KEY } from './json-body.ts';

const CSRF = { 'x-csrf': '1' };
let bff: FaultBff;

beforeAll(async () => {
  bff = await startFaultBff({ signIn: false });
});
afterAll(() => bff?.close());

const send = (url: string, headers: Record<string, string>, payload?: string | Buffer) =>
  injectChecked(bff.server, { method: 'POST', url, headers: { ...CSRF, ...headers }, ...(payload !== undefined && { payload }) });

describe('request bodies', () => {
  it.each([
    ['text/plain', 'text/plain', '{"email":"demo@coachportal.test"}'],
    ['multipart/form-data', 'multipart/form-data; boundary=x', '--x--'],
  ])('refuses a %s body where the contract takes JSON with 415 unsupported_media_type', async (_name, type, payload) => {
    const response = await send('/api/password/forgot', { 'content-type': type }, payload);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type', detail: 'The body must be application/json.' });
  });

  it('refuses a media type no operation takes (Fastify has no parser for it) with the same code', async () => {
    const response = await send('/api/password/forgot', { 'content-type': 'application/xml' }, '<email/>');
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });

  it.each([
    ['UTF-16', 'application/json; charset=utf-16', Buffer.from('\ufeff{"email":"demo@coachportal.test"}', 'utf16le')],
    ['UTF-16LE, quoted', 'application/json; charset="UTF-16LE"', Buffer.from('{"email":"demo@coachportal.test"}', 'utf16le')],
    ['ISO-8859-1', 'application/json;charset=iso-8859-1', Buffer.from('{"email":"d\u00e9mo@coachportal.test"}', 'latin1')],
  ])('refuses a JSON body declared as %s with 415 unsupported_media_type instead of reading it as UTF-8', async (_name, type, payload) => {
    const response = await send('/api/password/forgot', { 'content-type': type }, payload);
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type', detail: 'The body must be encoded as UTF-8.' });
  });

  it('answers a missing required body with 400 validation_failed naming the body', async () => {
    const response = await send('/api/password/forgot', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'body', message: 'is required' }] });
  });

  it("answers a missing body with the operation's own message when it has one", async () => {
    const signIn = await send('/api/session', {});
    expect(signIn.json()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      detail: 'Please check if password and username are correct',
    });
    const mini = await send('/api/public/mini/5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f/assessments', {});
    expect(mini.json()).toMatchObject({ status: 400, code: 'missing_details', detail: 'Please provide all details.' });
  });

  // One address each: the strict per-IP limit of this operation is not what is tested here.
  const sendJson = (remoteAddress: string, payload: string) =>
    injectChecked(bff.server, {
      method: 'POST',
      url: '/api/password/forgot',
      remoteAddress,
      headers: { ...CSRF, 'content-type': 'application/json' },
      payload,
    });

  it.each([
    ['at the top', '192.0.2.11', '{"email":"demo@coachportal.test","__proto__":{"isAdmin":true}}', PROTO_KEY],
    ['nested, escaped', '192.0.2.12', '{"email":"demo@coachportal.test","x":[{"\\u005f_proto__":{}}]}', PROTO_KEY],
    [
      'constructor.prototype',
      '192.0.2.13',
      '{"email":"demo@coachportal.test","constructor":{"prototype":{"isAdmin":true}}}',
      CONSTRUCTOR_KEY,
    ],
  ])(
    'refuses a body with a prototype key (%s) with 400 validation_failed saying which key',
    async (_name, remoteAddress, payload, detail) => {
      const response = await sendJson(remoteAddress, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', detail });
    },
  );

  it('still answers a body that is not JSON as such', async () => {
    const response = await sendJson('192.0.2.14', '{"email":');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'bad_request',
      detail: "Body is not valid JSON but content-type is set to 'application/json'",
    });
  });

  it('sends nothing to the legacy API for any of these', () => {
    expect(bff.upstream.received).toEqual([]);
  });

  it.each([
    ['192.0.2.1', 'application/json'],
    ['192.0.2.2', 'application/json; charset=utf-8'],
    ['192.0.2.3', 'application/json; charset="UTF-8"'],
    ['192.0.2.4', 'application/json; charset=us-ascii'],
  ])('still takes a declared JSON body (from %s: %s)', async (remoteAddress, type) => {
    bff.upstream.answer('POST /api/v2/forgotpassword', { status: 200, json: {} });
    const response = await injectChecked(bff.server, {
      method: 'POST',
      url: '/api/password/forgot',
      // One address each: the strict per-IP limit of this operation is not what is tested here.
      remoteAddress,
      headers: { ...CSRF, 'content-type': type },
      payload: '{"email":"demo@coachportal.test"}',
    });
    expect(response.statusCode).toBe(202);
  });
});
