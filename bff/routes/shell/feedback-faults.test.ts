// sendFeedback against a legacy stand-in that answers what each test tells it: the legacy call it makes
// (the coach's id, the category and text as given), and the failures: a legacy refusal, a 5xx, garbage or a
// reset are the dialog's failure alert (502 feedback_failed), no answer in time is 504, a 403 ends the session.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { FEEDBACK_FAILED } from './feedback-service.ts';

const LEAVE_PATH = `POST /api/v2/coaches/${LEGACY_COACH_ID}/leaveMessage`;

let bff: FaultBff;

async function start(): Promise<void> {
  bff = await startFaultBff();
}

const send = (payload: Record<string, unknown> = { category: 'featureRequest', message: 'A Slovak team report, please.' }) =>
  injectChecked(bff.server, { method: 'POST', url: '/api/feedback', headers: CSRF, cookies: { [SESSION_COOKIE]: bff.session }, payload });
const calls = () => bff.upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === LEAVE_PATH);

afterEach(async () => {
  await bff?.close();
});

describe('sendFeedback', () => {
  it("posts the category and the text for the session's coach with its cookie", async () => {
    await start();
    bff.upstream.answer(LEAVE_PATH, { status: 200, json: { ok: true } });
    const response = await send();
    expect(response.statusCode).toBe(204);
    const [call] = calls();
    expect(JSON.parse(call?.body ?? '')).toEqual({ category: 'featureRequest', message: 'A Slovak team report, please.' });
    expect(call?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
  });

  it('accepts an empty 200 answer', async () => {
    await start();
    bff.upstream.answer(LEAVE_PATH, { status: 200 });
    expect((await send()).statusCode).toBe(204);
  });

  it('makes no legacy call for an incomplete form', async () => {
    await start();
    bff.upstream.answer(LEAVE_PATH, { status: 200 });
    expect((await send({ category: 'freeText', message: ' ' })).json().code).toBe('feedback_incomplete');
    expect(calls()).toHaveLength(0);
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a refusal', { status: 400, json: { error: { info: 'no' } } }, 400, 'feedback_failed'],
    ['a 422', { status: 422 }, 400, 'feedback_failed'],
    ['a 5xx', { status: 500, json: { error: { info: 'down' } } }, 502, 'feedback_failed'],
    ['garbage', { fault: 'garbage' }, 502, 'feedback_failed'],
    ['a reset', { fault: 'reset' }, 502, 'feedback_failed'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
    await start();
    bff.upstream.answer(LEAVE_PATH, answer);
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    if (code === 'feedback_failed') expect(response.json().detail).toBe(FEEDBACK_FAILED);
    // A POST is never sent twice.
    expect(calls()).toHaveLength(1);
  });

  it('ends the session at a legacy 403', async () => {
    await start();
    bff.upstream.answer(LEAVE_PATH, { status: 403, json: { error: { info: 'Forbidden' } } });
    expect((await send()).json().code).toBe('session_ended');
    expect((await send()).json().code).toBe('session_ended');
    expect(calls()).toHaveLength(1);
  });
});
