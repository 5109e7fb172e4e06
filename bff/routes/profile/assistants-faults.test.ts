// listAssistants, addAssistant, updateAssistant and setAssistantBlocked against a legacy stand-in that answers what
// each test tells it: the exact legacy calls (trimmed fields, block or unblock in the path, no call for a form the
// BFF refuses), the legacy refusals as the spec's texts ('Requesting assistant failed: {error}', the edit's
// 'Failed', the block's error info), every legacy refusal (400, 409, 422) a 400, never a 5xx, 404 for an assistant
// not in the coach's list, and the failures: a legacy 403 ends the session, 5xx and unusable answers are 502,
// timeouts 504.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer, FaultUpstream } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';

const ASSISTANT_ID = 'a5515700-0000-4000-8000-000000000001';
const OTHER_ID = 'a5515700-0000-4000-8000-000000000099';
const LIST_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/assistants`;
const ADD_PATH = `POST /api/v2/coaches/${LEGACY_COACH_ID}/newAssistantRequested`;
const EDIT_PATH = `POST /api/v2/coaches/${LEGACY_COACH_ID}/assistantEdit/${ASSISTANT_ID}`;
const blockPath = (id: string, action: 'block' | 'unblock') => `GET /api/v2/coaches/${LEGACY_COACH_ID}/assistantBlock/${id}/${action}`;
const ASSISTANT = { uuid: ASSISTANT_ID, name: 'Refilwe', surname: 'Sithole', email: 'refilwe@bothacoaching.test', isBlocked: false };

let bff: FaultBff;
let server: FastifyInstance;
let upstream: FaultUpstream;
let session: string;

async function start(): Promise<void> {
  bff = await startFaultBff();
  ({ upstream, server, session } = bff);
  upstream.received.length = 0;
  upstream.answer(LIST_PATH, { status: 200, json: { assistants: [ASSISTANT] } });
}

afterEach(() => bff?.close());

const legacyCalls = () => upstream.received.map((r) => `${r.method} ${r.url.split('?')[0]}`);
const bodyOf = (route: string) => JSON.parse(upstream.received.find((r) => `${r.method} ${r.url.split('?')[0]}` === route)?.body ?? 'null');
const as = () => ({ headers: CSRF, cookies: { [SESSION_COOKIE]: session } });
const list = () => injectChecked(server, { method: 'GET', url: '/api/assistants', cookies: { [SESSION_COOKIE]: session } });
const add = (payload: object) => injectChecked(server, { method: 'POST', url: '/api/assistants', ...as(), payload });
const edit = (id: string, payload: object) => injectChecked(server, { method: 'PUT', url: `/api/assistants/${id}`, ...as(), payload });
const block = (id: string, isBlocked: boolean) =>
  injectChecked(server, { method: 'PUT', url: `/api/assistants/${id}/block`, ...as(), payload: { isBlocked } });
const FORM = { name: ' Refilwe ', surname: 'Sithole ', email: ' refilwe@bothacoaching.test' };

const FAILURES: [string, CannedAnswer, number, string][] = [
  ['a 5xx', { status: 500 }, 502, 'upstream_error'],
  ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ['a 403', { status: 403, json: { error: { info: 'Forbidden' } } }, 401, 'session_ended'],
];

describe('listAssistants', () => {
  it('maps the legacy list', async () => {
    await start();
    expect((await list()).json()).toEqual({ items: [ASSISTANT] });
    expect(legacyCalls()).toEqual([LIST_PATH]);
  });

  it.each([...FAILURES, ['garbage', { fault: 'garbage' }, 502, 'upstream_error'] as [string, CannedAnswer, number, string]])(
    'answers %s (%j) with %i %s',
    async (_name, answer, status, code) => {
      await start();
      upstream.answer(LIST_PATH, answer);
      const response = await list();
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
    },
  );
});

describe('addAssistant', () => {
  it('sends the trimmed fields and answers the legacy message (or none)', async () => {
    await start();
    upstream.answer(
      ADD_PATH,
      { status: 200, json: { success: true, message: 'Invitation sent.' } },
      { status: 200, json: { success: true } },
    );
    const first = await add(FORM);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Invitation sent.' });
    expect(bodyOf(ADD_PATH)).toEqual({ name: 'Refilwe', surname: 'Sithole', email: 'refilwe@bothacoaching.test' });
    expect((await add(FORM)).json()).toEqual({ message: null });
  });

  it.each<[string, CannedAnswer, string]>([
    [
      'success false',
      { status: 200, json: { success: false, error: 'Limit of assistants reached.' } },
      'Requesting assistant failed: Limit of assistants reached.',
    ],
    [
      'a refusal',
      { status: 400, json: { error: { info: 'This email address is already in use.' } } },
      'Requesting assistant failed: This email address is already in use.',
    ],
  ])("answers %s with 'Requesting assistant failed: {error}'", async (_name, answer, detail) => {
    await start();
    upstream.answer(ADD_PATH, answer);
    const response = await add(FORM);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'assistant_request_failed', detail });
  });

  it('makes no legacy call for a form the BFF refuses', async () => {
    await start();
    expect((await add({ name: 'A', surname: '', email: 'a@b.co' })).json().code).toBe('assistant_fields_required');
    expect((await add({ name: 'A', surname: 'B', email: 'a@b' })).json().code).toBe('invalid_email');
    expect(legacyCalls()).toEqual([]);
  });

  it.each<[string, CannedAnswer, string]>([
    ['a refusal without info', { status: 400, json: {} }, 'Requesting assistant failed: There was an unexpected error'],
    ['a 409', { status: 409, json: { error: { info: 'Already requested.' } } }, 'Requesting assistant failed: Already requested.'],
    ['a 422', { status: 422 }, 'Requesting assistant failed: There was an unexpected error'],
  ])("answers %s with 400, never a 5xx (a legacy refusal is the user's)", async (_name, answer, detail) => {
    await start();
    upstream.answer(ADD_PATH, answer);
    const response = await add(FORM);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'assistant_request_failed', detail });
  });

  it.each(FAILURES)('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
    await start();
    upstream.answer(ADD_PATH, answer);
    const response = await add(FORM);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});

describe('updateAssistant', () => {
  it('sends the trimmed fields, then answers the assistant as listed', async () => {
    await start();
    upstream.answer(EDIT_PATH, { status: 200, json: { success: true } });
    const response = await edit(ASSISTANT_ID, FORM);
    expect(response.json()).toEqual(ASSISTANT);
    expect(legacyCalls()).toEqual([EDIT_PATH, LIST_PATH]);
    expect(bodyOf(EDIT_PATH)).toEqual({ name: 'Refilwe', surname: 'Sithole', email: 'refilwe@bothacoaching.test' });
  });

  it.each<[string, CannedAnswer]>([
    ['success false', { status: 200, json: { success: false } }],
    ['a refusal', { status: 400, json: { error: { info: 'This email address is already in use.' } } }],
    ['a 409', { status: 409, json: { error: { info: 'This email address is already in use.' } } }],
    ['a 422 without info', { status: 422 }],
  ])("answers %s with 400 and the edit's 'Failed' when the assistant is the coach's", async (_name, answer) => {
    await start();
    upstream.answer(EDIT_PATH, answer);
    const response = await edit(ASSISTANT_ID, FORM);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'assistant_update_failed', detail: 'Failed', title: 'Failed' });
  });

  it("answers 404 when the refused assistant is not in the coach's list", async () => {
    await start();
    upstream.answer(`POST /api/v2/coaches/${LEGACY_COACH_ID}/assistantEdit/${OTHER_ID}`, {
      status: 400,
      json: { error: { info: 'Assistant not found.' } },
    });
    const response = await edit(OTHER_ID, FORM);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it.each(FAILURES)('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
    await start();
    upstream.answer(EDIT_PATH, answer);
    const response = await edit(ASSISTANT_ID, FORM);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});

describe('setAssistantBlocked', () => {
  it('calls block or unblock in the path', async () => {
    await start();
    upstream.answer(blockPath(ASSISTANT_ID, 'block'), { status: 200 });
    upstream.answer(blockPath(ASSISTANT_ID, 'unblock'), { status: 200 });
    expect((await block(ASSISTANT_ID, true)).statusCode).toBe(204);
    expect((await block(ASSISTANT_ID, false)).statusCode).toBe(204);
    expect(legacyCalls()).toEqual([blockPath(ASSISTANT_ID, 'block'), blockPath(ASSISTANT_ID, 'unblock')]);
  });

  it.each<[string, CannedAnswer, string]>([
    ['a refusal', { status: 400, json: { error: { info: 'The assistant could not be blocked.' } } }, 'The assistant could not be blocked.'],
    ['a 409', { status: 409, json: { error: { info: 'Already blocked.' } } }, 'Already blocked.'],
    ['a refusal without info', { status: 400, json: {} }, 'There was an unexpected error'],
  ])("answers %s with 400, its error info under the title 'Failed'", async (_name, answer, detail) => {
    await start();
    upstream.answer(blockPath(ASSISTANT_ID, 'block'), answer);
    const response = await block(ASSISTANT_ID, true);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'assistant_block_failed', title: 'Failed', detail });
  });

  it("answers 404 when the refused assistant is not in the coach's list", async () => {
    await start();
    upstream.answer(blockPath(OTHER_ID, 'unblock'), { status: 400, json: { error: { info: 'Assistant not found.' } } });
    expect((await block(OTHER_ID, false)).json().code).toBe('not_found');
  });

  it.each(FAILURES)('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
    await start();
    upstream.answer(blockPath(ASSISTANT_ID, 'block'), answer);
    const response = await block(ASSISTANT_ID, true);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it('never retries the state-changing GET after a reset connection', async () => {
    await start();
    upstream.answer(blockPath(ASSISTANT_ID, 'block'), { fault: 'reset' });
    expect((await block(ASSISTANT_ID, true)).json().code).toBe('upstream_error');
    expect(legacyCalls()).toEqual([blockPath(ASSISTANT_ID, 'block')]);
  });
});
