// Download Reports' progress against the sandbox legacy API over a real socket (spec assessments-and-clients §4.6,
// §9): the job counts each file as it is written into the zip, while the zip streams, and the progress modal may ask
// for it every 100 ms for as long as the download takes without spending the session's request budget.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Bff } from '../../../generated/bff.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type Job = Bff['schemas']['ReportDownloadJob'];
type AssessmentList = Bff['schemas']['AssessmentList'];

// The session's budget a minute (RATE_LIMIT_MAX's default); a minute of the modal's polling is twice as many calls.
const SESSION_BUDGET = 300;
const POLLS_A_MINUTE = 60_000 / 100;

let env: SandboxBff;
let session: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  injectChecked(env.server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: session }, ...(payload && { payload }) });

/** The ids of `count` listed assessments that offer the Enneagram Coach Overview as PDF. */
async function offering(count: number): Promise<string[]> {
  const list: AssessmentList = (await call('GET', '/api/assessments?pageSize=500')).json();
  const ids = list.items.filter((item) => item.availableReports.pdf.includes('enneaOverview')).map((item) => item.id);
  if (ids.length < count) throw new Error('the seed has too few assessments offering the Enneagram Coach Overview');
  return ids.slice(0, count);
}

beforeAll(async () => {
  env = await startSandboxBff({ assessments: 60, env: { BATCH_CONCURRENCY: '2', RATE_LIMIT_MAX: String(SESSION_BUDGET) } });
  session = await env.signIn();
});
afterAll(() => env?.close());

describe('Download Reports progress (getReportDownload)', () => {
  it('counts each file as it is written, while the zip streams', async () => {
    const job: Job = (await call('POST', '/api/report-downloads', { ids: await offering(12), reports: ['enneaOverview'] })).json();
    const url = await env.server.listen({ port: 0, host: '127.0.0.1' });
    const archive = await fetch(`${url}/api/report-downloads/${job.jobId}/archive`, {
      headers: { cookie: `${SESSION_COOKIE}=${session}` },
    });
    expect(archive.status).toBe(200);
    // The zip is read to its end while the job is asked for, as the progress modal does.
    let read = false;
    const zip = archive.arrayBuffer().finally(() => {
      read = true;
    });
    const seen = new Set<number>();
    while (!read) {
      const polled: Job = (await call('GET', `/api/report-downloads/${job.jobId}`)).json();
      if (polled.status === 'running') seen.add(polled.done);
      await sleep(2);
    }
    expect((await zip).byteLength).toBeGreaterThan(0);
    expect(
      [...seen].some((done) => done > 0 && done < job.total),
      `counts seen while running: ${[...seen]}`,
    ).toBe(true);
    const last: Job = (await call('GET', `/api/report-downloads/${job.jobId}`)).json();
    expect(last).toMatchObject({ status: 'complete', done: job.total });
  });

  it("is answered every 100 ms of a download without spending the session's budget", async () => {
    const job: Job = (await call('POST', '/api/report-downloads', { ids: await offering(1), reports: ['enneaOverview'] })).json();
    // A minute of polls, more than the session's budget: each answered, and the session's other calls still are.
    expect(POLLS_A_MINUTE).toBeGreaterThan(SESSION_BUDGET);
    for (let poll = 0; poll < POLLS_A_MINUTE; poll++) {
      const answer = await call('GET', `/api/report-downloads/${job.jobId}`);
      expect(answer.statusCode, `poll ${poll + 1}`).toBe(200);
    }
    expect((await call('GET', '/api/assessments')).statusCode).toBe(200);
    await call('DELETE', `/api/report-downloads/${job.jobId}`);
  });
});
