// Download Reports with two BFF instances sharing one Redis when the instance streaming a job dies (SIGKILL: no
// shutdown, no last write): the other instance answers the job as failed, with the sentence the user reads, once
// the dead one's lease has passed, and lets the session start a new download instead of answering 409 forever.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { JOB_LEASE_MS } from '../../batch/job-lease.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, signInBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import { type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { completedLegacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';
import { type RunningRedis, startRedis } from '../../test-support/redis-server.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { TEST_SECRET, testConfig } from '../../test-support/test-server.ts';

const completed = (n: number) => completedLegacyAssessment(n);
const reportPath = (n: number) => `GET /publish/reports/coach/basic/${LEGACY_COACH_ID}/${legacyAssessmentId(n)}`;
const ENV = { NODE_ENV: 'test', SESSION_SECRETS: TEST_SECRET, BATCH_CONCURRENCY: '1', BATCH_ITEM_TIMEOUT_MS: '60000' };

let redis: RunningRedis | undefined;
let upstream: FaultUpstream | undefined;
let survivor: FastifyInstance | undefined;
let doomed: ChildProcessWithoutNullStreams | undefined;
afterEach(async () => {
  if (doomed?.exitCode === null && doomed.signalCode === null) doomed.kill('SIGKILL');
  await survivor?.close();
  await upstream?.close();
  await redis?.stop();
});

/** `bff/server.ts` in a child process, as deployed: its URL once it listens. */
async function startChildBff(env: Record<string, string>): Promise<string> {
  doomed = spawn(process.execPath, ['bff/server.ts'], { env: { PATH: process.env.PATH, PORT: '0', ...env } });
  const child = doomed;
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    });
  });
  return url.finally(() => child.removeAllListeners('exit'));
}

it('the instance streaming a job dies: another answers the job failed, says why, and starts a new one', async () => {
  redis = await startRedis();
  upstream = await startFaultUpstream();
  const legacy = upstream;
  legacy.answer(TOKENS_PATH, { status: 200, json: [1, 2].map(completed) });
  legacy.answer(reportPath(1), { status: 200, text: '%PDF-1.7 one', headers: { 'content-type': 'application/pdf' } });
  // The second PDF never comes while the test runs: the job stays running until its instance dies.
  legacy.answer(reportPath(2), { fault: 'slow', delayMs: 120_000 });
  const env = { ...ENV, LEGACY_API_URL: legacy.url, REDIS_URL: redis.url };
  // The survivor's clock moves on by a lease when the other instance has died, instead of the test waiting for it.
  let skew = 0;
  survivor = buildServer(testConfig(env), { now: () => Date.now() + skew });
  await survivor.ready();
  const session = await signInBff(survivor, legacy);
  const onSurvivor = (method: 'GET' | 'POST', url: string, payload?: object) =>
    injectChecked(survivor as FastifyInstance, {
      method,
      url,
      headers: CSRF,
      cookies: { [SESSION_COOKIE]: session },
      ...(payload && { payload }),
    });
  const newJob = () => onSurvivor('POST', '/api/report-downloads', { ids: [1, 2].map(legacyAssessmentId), reports: ['basic'] });

  const created = await newJob();
  expect(created.statusCode).toBe(201);
  const jobId: string = created.json().jobId;
  const base = await startChildBff(env);
  const before = legacy.received.length;
  const download = fetch(`${base}/api/report-downloads/${jobId}/archive`, { headers: { cookie: `${SESSION_COOKIE}=${session}` } });
  await legacy.request(before + 2);
  expect((await onSurvivor('GET', `/api/report-downloads/${jobId}`)).json()).toMatchObject({ status: 'running', done: 1 });
  expect((await newJob()).json()).toMatchObject({ status: 409, code: 'download_in_progress' });

  const exited = once(doomed as ChildProcessWithoutNullStreams, 'exit');
  doomed?.kill('SIGKILL');
  await exited;
  await download.then((response) => response.arrayBuffer()).catch(() => undefined);
  skew = JOB_LEASE_MS;

  const orphan = await onSurvivor('GET', `/api/report-downloads/${jobId}`);
  expect(orphan.statusCode).toBe(200);
  expect(orphan.json()).toMatchObject({
    status: 'failed',
    reason: 'server_stopped',
    message: 'The download stopped because the server preparing it stopped. Please start the download again.',
    done: 1,
    total: 2,
  });
  const again = await newJob();
  expect(again.statusCode).toBe(201);
  expect(again.json()).toMatchObject({ status: 'pending', total: 2 });
});
