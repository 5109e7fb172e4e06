// downloadActivitySummary against a legacy stand-in: the workbook streamed through under the BFF's own file
// name (the legacy one is ignored), and every failure (a legacy refusal is download_failed with its error.info).
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { activitySummaryName } from './activity-summary-service.ts';

const SUMMARY = `GET /api/v2/coaches/${LEGACY_COACH_ID}/downloadActivitySummary`;

let bff: FaultBff;
afterEach(async () => {
  await bff?.close();
});

const download = () =>
  injectChecked(bff.server, { method: 'GET', url: '/api/activity-summary', cookies: { [SESSION_COOKIE]: bff.session } });

describe('downloadActivitySummary', () => {
  it("streams the coach's workbook under the day's file name, whatever the legacy API calls it", async () => {
    bff = await startFaultBff();
    bff.upstream.answer(SUMMARY, {
      status: 200,
      text: 'PK-bytes',
      headers: { 'content-disposition': 'attachment; filename="../../x.xlsx"' },
    });
    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('PK-bytes');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${activitySummaryName(Date.now())}"`);
    expect(bff.calls(SUMMARY)[0]?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
  });

  it.each<[string, CannedAnswer, number, string, string?]>([
    ['a refusal', { status: 400, json: { error: { info: 'No activity yet.' } } }, 400, 'download_failed', 'No activity yet.'],
    ['a refusal without its text', { status: 404 }, 400, 'download_failed', 'There was an unexpected error'],
    ['a 422', { status: 422, json: { error: { info: 'No activity yet.' } } }, 400, 'download_failed', 'No activity yet.'],
    ['a 5xx', { status: 503 }, 502, 'upstream_error'],
    ['a 403', { status: 403 }, 401, 'session_ended'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s with the right problem', async (_name, answer, status, code, detail) => {
    bff = await startFaultBff();
    bff.upstream.answer(SUMMARY, answer);
    const response = await download();
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    if (detail) expect(response.json().detail).toBe(detail);
  });
});

describe('activitySummaryName', () => {
  it('names the file after the UTC day', () => {
    expect(activitySummaryName(Date.UTC(2025, 9, 30, 23, 59))).toBe('activity-summary-2025-10-30.xlsx');
  });
});
