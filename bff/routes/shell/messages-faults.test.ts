// listMessages and acknowledgeMessages against a legacy stand-in that answers what each test tells it: the
// legacy calls made (an impersonator's session makes no acknowledgement call at all), the mapping of legacy
// times, and the failures: an upstream 403 ends the session, 5xx, timeouts and unusable answers are 502/504.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';

const MESSAGES_PATH = `GET /api/v3/coaches/${LEGACY_COACH_ID}/messages`;
const ACK_PATH = `GET /api/v3/coaches/${LEGACY_COACH_ID}/ackedLatestMessages`;

let bff: FaultBff;

async function start({ impersonator = false } = {}): Promise<void> {
  bff = await startFaultBff({ impersonator });
}

const list = () => injectChecked(bff.server, { method: 'GET', url: '/api/messages', cookies: { [SESSION_COOKIE]: bff.session } });
const acknowledge = () =>
  injectChecked(bff.server, {
    method: 'POST',
    url: '/api/messages/acknowledgements',
    headers: CSRF,
    cookies: { [SESSION_COOKIE]: bff.session },
  });
const calls = (route: string) => bff.upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);
const message = (fields: Record<string, unknown> = {}) => ({
  subject: 'Maintenance',
  body: '<p>Saturday <img src=x onerror=alert(1)></p>',
  updatedAt: '2025-10-28 10:00:00',
  newMessage: true,
  ...fields,
});

afterEach(async () => {
  await bff?.close();
});

describe('listMessages', () => {
  it('asks for every message with the session cookie and maps each one (the HTML passes as is: the client sanitises it)', async () => {
    await start();
    bff.upstream.answer(MESSAGES_PATH, { status: 200, json: { messages: [message(), message({ subject: 'Old', newMessage: false })] } });
    const response = await list();
    expect(response.json()).toEqual({
      items: [
        { subject: 'Maintenance', body: '<p>Saturday <img src=x onerror=alert(1)></p>', updatedAt: '2025-10-28T10:00:00Z', isNew: true },
        { subject: 'Old', body: '<p>Saturday <img src=x onerror=alert(1)></p>', updatedAt: '2025-10-28T10:00:00Z', isNew: false },
      ],
      newCount: 1,
    });
    const [call] = calls(MESSAGES_PATH);
    expect(call?.url).toContain('all=true');
    expect(call?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
  });

  it('answers an empty list', async () => {
    await start();
    bff.upstream.answer(MESSAGES_PATH, { status: 200, json: { messages: [] } });
    expect((await list()).json()).toEqual({ items: [], newCount: 0 });
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a 5xx', { status: 500, json: { error: { info: 'down' } } }, 502, 'upstream_error'],
    ['a refusal', { status: 400, json: { error: { info: 'no' } } }, 502, 'upstream_error'],
    ['a time it cannot read', { status: 200, json: { messages: [message({ updatedAt: 'yesterday' })] } }, 502, 'upstream_error'],
    ['garbage', { fault: 'garbage' }, 502, 'upstream_error'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
    await start();
    bff.upstream.answer(MESSAGES_PATH, answer);
    const response = await list();
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it('ends the session at a legacy 403', async () => {
    await start();
    bff.upstream.answer(MESSAGES_PATH, { status: 403, json: { error: { info: 'Forbidden' } } });
    expect((await list()).json().code).toBe('session_ended');
    expect((await list()).json().code).toBe('session_ended');
    expect(calls(MESSAGES_PATH)).toHaveLength(1);
  });
});

describe('acknowledgeMessages', () => {
  it('acknowledges through the legacy call', async () => {
    await start();
    bff.upstream.answer(ACK_PATH, { status: 200 });
    expect((await acknowledge()).json()).toEqual({ acknowledged: true });
    expect(calls(ACK_PATH)).toHaveLength(1);
  });

  it("makes no legacy call for an impersonator's session (spec coach-shell §4)", async () => {
    await start({ impersonator: true });
    bff.upstream.answer(ACK_PATH, { status: 200 });
    expect((await acknowledge()).json()).toEqual({ acknowledged: false });
    expect(calls(ACK_PATH)).toHaveLength(0);
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a 5xx', { status: 503 }, 502, 'upstream_error'],
    ['a refusal', { status: 400, json: { error: { info: 'no' } } }, 502, 'upstream_error'],
    ['a 403', { status: 403, json: { error: { info: 'Forbidden' } } }, 401, 'session_ended'],
  ])('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
    await start();
    bff.upstream.answer(ACK_PATH, answer);
    const response = await acknowledge();
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});
