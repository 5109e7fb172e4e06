// The template editor against a legacy stand-in that answers what each test tells it: the exact legacy calls
// (the coach's id, the body sent), and the failures: a legacy refusal or a 5xx is the toast's
// 'Error, Unsuccessful' (502 template_update_failed), no answer in time is 504, a 403 ends the session.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { TEMPLATE_FAILED } from './templates-service.ts';

const LEGACY = `/api/v2/coaches/${LEGACY_COACH_ID}/emailtemplates/send_reports`;
const DEFAULT = { coachId: 0, emailText: 'Dear {guestname},\n{reportlinks}' };
const OWN = { coachId: 17, emailText: 'Hi {guestname}: {reportlinks}' };

let bff: FaultBff;
afterEach(() => bff?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
  injectChecked(bff.server, {
    method,
    url: '/api/email-templates/send_reports',
    headers: CSRF,
    ...(payload ? { payload } : {}),
    cookies: { [SESSION_COOKIE]: bff.session },
  });

describe('getEmailTemplate', () => {
  it('takes the first entry: coachId above 0 is a customised template', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(`GET ${LEGACY}`, { status: 200, json: [OWN, DEFAULT] }, { status: 200, json: [DEFAULT] });
    expect((await call('GET')).json()).toEqual({
      name: 'send_reports',
      isCustomised: true,
      text: OWN.emailText,
      placeholders: ['guestemail', 'guestname', 'guestsurname', 'coachname', 'coachsurname', 'coachemail', 'reportlinks'],
    });
    expect((await call('GET')).json()).toMatchObject({ isCustomised: false, text: DEFAULT.emailText });
    expect(bff.calls(`GET ${LEGACY}`)[0]?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
  });

  it('answers 502 for an empty list, 504 when the legacy API is too slow, 401 after a legacy 403', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(`GET ${LEGACY}`, { status: 200, json: [] }, { fault: 'slow', delayMs: 1500 }, { status: 403 });
    expect((await call('GET')).json().code).toBe('upstream_error');
    expect((await call('GET')).json().code).toBe('upstream_timeout');
    const ended = await call('GET');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('session_ended');
  });
});

describe('updateEmailTemplate', () => {
  it('sends the text as emailText and answers the saved template without reading it back', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(`PUT ${LEGACY}`, { status: 200, json: {} });
    const response = await call('PUT', { text: 'New {reportlinks}' });
    expect(response.json()).toMatchObject({ isCustomised: true, text: 'New {reportlinks}' });
    expect(JSON.parse(bff.calls(`PUT ${LEGACY}`)[0]?.body ?? '')).toEqual({ emailText: 'New {reportlinks}' });
    expect(bff.calls(`GET ${LEGACY}`)).toEqual([]);
  });

  it.each<[CannedAnswer, number]>([
    [{ status: 400, json: { error: 'nope' } }, 400],
    [{ status: 409 }, 400],
    [{ status: 500 }, 502],
    [{ fault: 'reset' }, 502],
  ])('makes a legacy failure (%o) the toast’s text, %i', async (answer, status) => {
    bff = await startFaultBff();
    bff.upstream.answer(`PUT ${LEGACY}`, answer);
    const response = await call('PUT', { text: 'x' });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code: 'template_update_failed', detail: TEMPLATE_FAILED });
  });

  it('ends the session on a legacy 403', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(`PUT ${LEGACY}`, { status: 403 });
    expect((await call('PUT', { text: 'x' })).json().code).toBe('session_ended');
  });
});

describe('revertEmailTemplate', () => {
  it('deletes, then answers the default as read back', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(`DELETE ${LEGACY}`, { status: 200, json: {} });
    bff.upstream.answer(`GET ${LEGACY}`, { status: 200, json: [DEFAULT] });
    expect((await call('DELETE')).json()).toMatchObject({ isCustomised: false, text: DEFAULT.emailText });
    expect(bff.calls(`DELETE ${LEGACY}`)).toHaveLength(1);
  });

  it('tells a default template (409) from a refused revert of a customised one (400)', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(`DELETE ${LEGACY}`, { status: 400, json: { error: 'not customised' } });
    bff.upstream.answer(`GET ${LEGACY}`, { status: 200, json: [DEFAULT] }, { status: 200, json: [OWN, DEFAULT] });
    expect((await call('DELETE')).json()).toMatchObject({ code: 'template_not_customised', detail: TEMPLATE_FAILED });
    const failed = await call('DELETE');
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({ code: 'template_update_failed', detail: TEMPLATE_FAILED });
  });

  it('makes a 5xx on the read-back the toast’s text too', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(`DELETE ${LEGACY}`, { status: 200, json: {} });
    bff.upstream.answer(`GET ${LEGACY}`, { status: 503 });
    expect((await call('DELETE')).json().code).toBe('template_update_failed');
  });
});
