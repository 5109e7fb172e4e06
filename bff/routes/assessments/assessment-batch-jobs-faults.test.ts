// An assessments action running as a job (`Prefer: respond-async`), against a legacy API whose answers the test
// holds: Stop starts nothing more while the items in flight finish and count, a repeat with the same
// Idempotency-Key does only the rest, and the job's rules (one per session, another session's is unknown).
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, signInBff, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';

const id = legacyAssessmentId;
const ASYNC = { prefer: 'respond-async' };
const range = (count: number) => Array.from({ length: count }, (_, n) => n + 1);
const invitePath = (n: number) => `GET /api/v2/tokens/${id(n)}/sendinvite`;
const sent = (n: number): CannedAnswer => ({
  status: 200,
  json: { sent: true, error: null, emailAddress: `client${n}@example.test`, subject: `Subject ${n}`, body: `<p>Body ${n}</p>` },
});

let bff: FaultBff;
afterEach(() => bff?.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  session = bff.session,
) =>
  injectChecked(bff.server, {
    method,
    url,
    headers: { ...CSRF, ...headers },
    cookies: { [SESSION_COOKIE]: session },
    ...(payload && { payload }),
  });

const inviteCalls = () => bff.upstream.received.filter((request) => request.url.includes('/sendinvite'));

async function ended(jobId: string) {
  let job: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        job = (await call('GET', `/api/assessments/batch-jobs/${jobId}`)).json();
        return job.status;
      },
      { timeout: 30_000, interval: 20 },
    )
    .not.toBe('running');
  return job;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** 600 assessments not invited yet; the first `held` invites answer only once `release` resolves. */
function inviteable(count: number, held: number, release: Promise<void>): string[] {
  bff.upstream.answer(TOKENS_PATH, { status: 200, json: range(count).map((n) => legacyAssessment(n)) });
  for (const n of range(count))
    bff.upstream.answer(invitePath(n), n <= held ? { fault: 'held', until: release, answer: sent(n) } : sent(n));
  return range(count).map(id);
}

describe('a job stopped midway (Stop in the progress dialog)', () => {
  it('starts nothing after Stop, reports the items in flight as done, and a repeat with the same key sends only the rest', async () => {
    bff = await startFaultBff({ env: { BATCH_CONCURRENCY: '3', BATCH_ITEM_TIMEOUT_MS: '60000' } });
    const release = deferred();
    const ids = inviteable(600, 3, release.promise);
    const key = { 'idempotency-key': 'stop-600-0001' };

    const started = await call('POST', '/api/assessments/invites', { ids, serverSend: true }, { ...ASYNC, ...key });
    expect(started.statusCode).toBe(202);
    const jobId = started.json().jobId as string;
    // The job reads the coach's copy of the 600 first: its invites start once that is made.
    await expect.poll(() => inviteCalls().length, { timeout: 15_000 }).toBe(3);

    const stopping = await call('DELETE', `/api/assessments/batch-jobs/${jobId}`);
    expect(stopping.json()).toMatchObject({ status: 'running', stopping: true });
    release.resolve();

    const job = await ended(jobId);
    expect(job).toMatchObject({ status: 'stopped', stopping: true, total: 600, done: 3 });
    expect(job.result).toEqual({
      total: 600,
      succeeded: 3,
      failed: [],
      notAttempted: 597,
      notAttemptedIds: ids.slice(3),
      skippedCompleted: 0,
      reminders: 0,
      drafts: [],
    });
    expect(inviteCalls()).toHaveLength(3);

    const resumed = await call('POST', '/api/assessments/invites', { ids, serverSend: true }, { ...ASYNC, ...key });
    expect(resumed.statusCode).toBe(202);
    expect(resumed.json().jobId).not.toBe(jobId);
    const done = await ended(resumed.json().jobId);
    expect(done.result).toMatchObject({ total: 600, succeeded: 600, failed: [], notAttempted: 0 });
    // Every invite once: the three of the first job were not sent again.
    const paths = inviteCalls().map((request) => request.url.split('?')[0]);
    expect(paths).toHaveLength(600);
    expect(new Set(paths).size).toBe(600);
  });
});

describe('the jobs of a session', () => {
  it('answers the running job to a repeat of its call, refuses another action meanwhile (409), and hides it from another session', async () => {
    bff = await startFaultBff({ env: { BATCH_CONCURRENCY: '1', BATCH_ITEM_TIMEOUT_MS: '60000' } });
    const release = deferred();
    const ids = inviteable(3, 1, release.promise);
    const key = { 'idempotency-key': 'repeat-0001' };
    const first = await call('POST', '/api/assessments/invites', { ids, serverSend: true }, { ...ASYNC, ...key });
    const jobId = first.json().jobId as string;

    const repeat = await call('POST', '/api/assessments/invites', { ids, serverSend: true }, { ...ASYNC, ...key });
    expect(repeat.statusCode).toBe(202);
    expect(repeat.json().jobId).toBe(jobId);

    const other = await call('POST', '/api/assessments/deletions', { ids }, { ...ASYNC, 'idempotency-key': 'other-0001' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'batch_in_progress' });

    const stranger = await signInBff(bff.server, bff.upstream);
    expect((await call('GET', `/api/assessments/batch-jobs/${jobId}`, undefined, {}, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/assessments/batch-jobs/${jobId}`, undefined, {}, stranger)).statusCode).toBe(404);

    release.resolve();
    expect(await ended(jobId)).toMatchObject({ status: 'complete', result: { total: 3, succeeded: 3 } });
    expect(inviteCalls()).toHaveLength(3);
  });

  it('ends failed with the problem when the action refuses the selection, as its call would have answered', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [1, 2].map((n) => legacyAssessment(n)) });
    const started = await call(
      'POST',
      '/api/assessments/report-emails',
      { ids: [id(1), id(2)], reports: ['basic'], serverSend: false },
      ASYNC,
    );
    // The contract's refusals answer the call; the action's own (the handler runs in the job) end the job.
    expect(started.statusCode).toBe(202);
    expect(await ended(started.json().jobId)).toMatchObject({
      status: 'failed',
      problem: { status: 400, code: 'own_email_single_only', title: 'Failed' },
    });
  });
});
