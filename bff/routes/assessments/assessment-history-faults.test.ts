// listAssessmentHistory and copyAssessmentLink against a legacy stand-in: the exact legacy calls, the mapping
// of legacy history entries (times, flags, report lists; newest first), and every failure.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';

const ID = legacyAssessmentId(1);
const INVITES = `GET /api/v2/tokens/${ID}/inviteHistory`;
const REPORTS = `GET /api/v2/tokens/${ID}/sentReportHistory`;
const COPY = `GET /api/v2/tokens/${ID}/copiedAssessmentLink`;

let bff: FaultBff;
afterEach(async () => {
  await bff?.close();
});

const history = (kind: string) =>
  injectChecked(bff.server, {
    method: 'GET',
    url: `/api/assessments/${ID}/history?kind=${kind}`,
    cookies: { [SESSION_COOKIE]: bff.session },
  });
const copy = () =>
  injectChecked(bff.server, {
    method: 'POST',
    url: `/api/assessments/${ID}/link-copies`,
    headers: CSRF,
    cookies: { [SESSION_COOKIE]: bff.session },
  });
const entry = (fields: object = {}) => ({
  createdAt: '2025-10-06 11:05:12',
  sentViaServer: 1,
  isReminder: 0,
  inviteType: 'email',
  destinationEmail: 'client1@example.test',
  reportList: null,
  ...fields,
});

describe('listAssessmentHistory', () => {
  it('reads inviteHistory and answers it newest first with booleans and RFC 3339 times', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(INVITES, {
      status: 200,
      json: [
        entry(),
        entry({ createdAt: '2025-10-20 09:12:03', sentViaServer: 0, isReminder: 1, inviteType: 'link', destinationEmail: null }),
      ],
    });
    expect((await history('invite')).json()).toEqual({
      kind: 'invite',
      items: [
        { createdAt: '2025-10-20T09:12:03Z', sentViaServer: false, isReminder: true, inviteType: 'link', destinationEmail: '' },
        {
          createdAt: '2025-10-06T11:05:12Z',
          sentViaServer: true,
          isReminder: false,
          inviteType: 'email',
          destinationEmail: 'client1@example.test',
        },
      ],
      loggingSince: '2022-03-17',
    });
    expect(bff.calls(INVITES)[0]?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
    expect(bff.calls(REPORTS)).toHaveLength(0);
  });

  it('reads sentReportHistory for kind=report, with the reports sent (unknown codes left out)', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(REPORTS, { status: 200, json: [entry({ reportList: 'foundation,imf,bogus' })] });
    expect((await history('report')).json().items).toEqual([
      {
        createdAt: '2025-10-06T11:05:12Z',
        sentViaServer: true,
        isReminder: false,
        destinationEmail: 'client1@example.test',
        reports: ['foundation', 'imf'],
      },
    ]);
    expect(bff.calls(INVITES)).toHaveLength(0);
  });

  it('answers an empty history as an empty list', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(INVITES, { status: 200, json: [] });
    expect((await history('invite')).json().items).toEqual([]);
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a refusal', { status: 400, json: { error: { info: 'Assessment not found.' } } }, 404, 'not_found'],
    ['a 5xx', { status: 502 }, 502, 'upstream_error'],
    ['a 403', { status: 403 }, 401, 'session_ended'],
    ['garbage', { fault: 'garbage' }, 502, 'upstream_error'],
    ['not a list', { status: 200, json: { entries: [] } }, 502, 'upstream_error'],
    ['a time it cannot read', { status: 200, json: [entry({ createdAt: 'monday' })] }, 502, 'upstream_error'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s with the right problem', async (_name, answer, status, code) => {
    bff = await startFaultBff();
    bff.upstream.answer(INVITES, answer);
    const response = await history('invite');
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it('refuses an unknown kind without a legacy call', async () => {
    bff = await startFaultBff();
    expect((await history('sms')).json().code).toBe('validation_failed');
    expect(bff.calls(INVITES)).toHaveLength(0);
  });
});

describe('copyAssessmentLink', () => {
  it('records the copy for an own assessment and answers the link on the legacy host', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1, { userToken: 'H4T8 P2W6' })] });
    bff.upstream.answer(COPY, { status: 200, json: { success: true } });
    const response = await copy();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ link: `${bff.upstream.url}/register/token?userToken=H4T8%20P2W6`, inviteState: 'invited' });
    expect(bff.calls(COPY)).toHaveLength(1);
  });

  it('reads the list again once for an id the copy does not hold, and records nothing for a received or unknown one', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(2)] });
    expect((await copy()).json().code).toBe('not_found');
    expect(bff.calls(TOKENS_PATH)).toHaveLength(2);
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1, { fromAnotherCoach: 1 })] });
    expect((await copy()).json().code).toBe('not_found');
    expect(bff.calls(COPY)).toHaveLength(0);
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a refusal', { status: 400, json: { error: { info: 'The assessment is locked.' } } }, 400, 'upstream_rejected'],
    ['a 409', { status: 409, json: { error: { info: 'The assessment is locked.' } } }, 400, 'upstream_rejected'],
    ['a 5xx', { status: 500 }, 502, 'upstream_error'],
    ['a 403', { status: 403 }, 401, 'session_ended'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s of the copy call with the right problem', async (_name, answer, status, code) => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1)] });
    bff.upstream.answer(COPY, answer);
    const response = await copy();
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    if (code === 'upstream_rejected') expect(response.json().detail).toBe('The assessment is locked.');
  });
});
