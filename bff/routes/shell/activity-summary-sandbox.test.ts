// downloadActivitySummary against the stateful sandbox legacy API: the demo coach's workbook (an xlsx, a zip)
// arrives whole under the day's file name. The answer is checked against the contract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';
import { activitySummaryName } from './activity-summary-service.ts';

let bff: SandboxBff;
beforeEach(async () => {
  bff = await startSandboxBff({ assessments: 20 });
});
afterEach(async () => {
  await bff?.close();
});

describe('downloadActivitySummary', () => {
  it("streams the demo coach's activity summary workbook", async () => {
    const session = await bff.signIn();
    const response = await injectChecked(bff.server, {
      method: 'GET',
      url: '/api/activity-summary',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${activitySummaryName(Date.now())}"`);
    // An xlsx workbook is a zip: it starts with the local file header PK\x03\x04.
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(response.rawPayload.length).toBeGreaterThan(1000);
  });
});
