// Download Reports on the table's whole selection (spec assessments-and-clients §2.2, §4.6): a coach with 20,000
// assessments selects them all, as Send Invites and Send Reports take them, and the zip streams every report the
// selection offers (here 3,980 files, beyond the 3,500 a job used to hold) through a real socket while the job is
// polled; what the BFF keeps per report is its central-directory record, so a download's memory is bounded by the
// most reports it holds (MAX_JOB_FILES), which a selection offering more is refused before anything starts.
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { offeredOf } from '../../domain/report-availability.ts';
import { MAX_JOB_FILES } from '../../downloads/jobs.ts';
import { readCentralDirectory } from '../../downloads/zip-test-support.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { requestWithSession } from '../../test-support/bff-session.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type Job = Bff['schemas']['ReportDownloadJob'];
type Row = Legacy['schemas']['Assessment'];

const ASSESSMENTS = 20_000;
const MEGABYTE = 1024 * 1024;

let env: SandboxBff;
let session: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  requestWithSession(env.server, session, method, url, payload);

beforeAll(async () => {
  env = await startSandboxBff({ assessments: ASSESSMENTS, env: { BATCH_CONCURRENCY: '4' } });
  session = await env.signIn();
}, 120_000);
afterAll(() => env?.close());

/** The coach's 20,000 assessments as the legacy API lists them (the table's select-all selects them all). */
async function everyRow(): Promise<Row[]> {
  const url = `/api/v2/coaches/${SEED_COACHES.demo.uuid}/tokensX`;
  return (await env.sandbox.inject({ url, headers: { cookie: env.legacyCookie } })).json() as Row[];
}

describe('Download Reports of the whole selection (createReportDownload, downloadReportArchive)', () => {
  it('refuses, before anything starts, a selection offering more reports than a download holds, saying how many', async () => {
    const rows = await everyRow();
    const reports = ['enneaOverview', 'clientSummary', 'basic', 'imfCoG'] as const;
    const offered = rows.reduce((count, row) => count + offeredOf(row, [...reports]).length, 0);
    expect(offered).toBeGreaterThan(MAX_JOB_FILES);
    const refused = await call('POST', '/api/report-downloads', { ids: rows.map((row) => row.uuid), reports });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'too_many_reports',
      detail: `A download holds at most 20,000 reports; the selected assessments offer ${offered.toLocaleString('en')} of the selected reports. Please select fewer reports or fewer assessments.`,
    });
  });

  it('takes all 20,000 selected assessments and streams the 3,980 reports they offer in one zip, memory bounded', async () => {
    const rows = await everyRow();
    const ids = rows.map((row) => row.uuid);
    expect(ids).toHaveLength(ASSESSMENTS);
    const offering = rows.filter((row) => offeredOf(row, ['imfCoG']).length > 0).length;

    const created = await call('POST', '/api/report-downloads', { ids, reports: ['imfCoG'] });
    expect(created.statusCode, created.body).toBe(201);
    const job: Job = created.json();
    expect(job).toMatchObject({ status: 'pending', total: offering, skipped: ASSESSMENTS - offering });
    expect(job.total).toBeGreaterThan(3500);

    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // Live memory after a collection: the BFF and the sandbox share this process, so this bounds both.
    const sample = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };

    const url = await env.server.listen({ port: 0, host: '127.0.0.1' });
    const archive = await fetch(`${url}/api/report-downloads/${job.jobId}/archive`, {
      headers: { cookie: `${SESSION_COOKIE}=${session}` },
    });
    expect(archive.status).toBe(200);
    const reader = archive.body?.getReader();
    if (!reader) throw new Error('no zip body');

    // The zip is read to its end, only its tail kept (the central directory), while the job is polled as the
    // progress modal does; live memory is sampled once a tenth of the files is in and at each further tenth.
    const tail: Buffer[] = [];
    let tailLength = 0;
    let total = 0;
    let read = false;
    const reading = (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const bytes = Buffer.from(chunk.value);
        total += bytes.length;
        tail.push(bytes);
        tailLength += bytes.length;
        while (tailLength - (tail[0]?.length ?? 0) >= MEGABYTE) tailLength -= tail.shift()?.length ?? 0;
      }
    })().finally(() => {
      read = true;
    });
    const samples: number[] = [];
    const seen = new Set<number>();
    while (!read) {
      const polled: Job = (await call('GET', `/api/report-downloads/${job.jobId}`)).json();
      if (polled.status === 'running') seen.add(polled.done);
      if (polled.status === 'running' && polled.done >= ((samples.length + 1) * job.total) / 10) samples.push(sample());
      await sleep(100);
    }
    await reading;

    const last: Job = (await call('GET', `/api/report-downloads/${job.jobId}`)).json();
    expect(last).toMatchObject({ status: 'complete', total: offering, done: offering, failed: [] });
    expect([...seen].some((done) => done > 0 && done < job.total)).toBe(true);
    const entries = readCentralDirectory(Buffer.concat(tail), total);
    expect(entries).toHaveLength(offering);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(offering);

    // From the first tenth of the files to the last sample, live memory grows by what is kept per report until the
    // zip ends (its central-directory record in the zip library, its outcome: about 1.8 KB; the sandbox's own
    // requests add some): under 6 KB a report, so a download of MAX_JOB_FILES stays under 120 MB whatever the
    // reports weigh (their bytes stream through: report-archive.test.ts streams 300 MB in under 64 MB).
    expect(samples.length).toBeGreaterThanOrEqual(5);
    const growth = Math.max(...samples) - (samples[0] ?? 0);
    const sampledFiles = ((samples.length - 1) * job.total) / 10;
    expect(
      growth / sampledFiles,
      `live memory grew ${(growth / MEGABYTE).toFixed(1)} MB over ${sampledFiles} reports (${total} bytes streamed in all)`,
    ).toBeLessThan(6 * 1024);
  }, 600_000);
});
