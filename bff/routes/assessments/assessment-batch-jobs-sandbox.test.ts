// The assessments actions on the table's whole selection (the select-all across pages, here 1,249 and 600 records,
// more than the 500 a call used to take) against the stateful sandbox legacy API: run as a job the client polls,
// each item done exactly once, read back through the sandbox's outbox and lists.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import type { Store } from '../../../sandbox/state/store.ts';
import { requestWithSession } from '../../test-support/bff-session.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type Row = Legacy['schemas']['Assessment'];

const COACH = SEED_COACHES.demo.uuid;
const ASYNC = { prefer: 'respond-async' };

let env: SandboxBff;
let sandbox: FastifyInstance;
let server: FastifyInstance;
let store: Store;
let legacyCookie: string;
let session: string;
const used = new Set<string>();

/** The coach's own assessments as the legacy API lists them now. */
async function rows(): Promise<Row[]> {
  return (await sandbox.inject({ url: `/api/v2/coaches/${COACH}/tokensX`, headers: { cookie: legacyCookie } })).json() as Row[];
}

/** `count` own assessments that match: for a test that changes them, ones no other test changed (then marked used). */
async function pick(count: number, matches: (row: Row) => boolean, changes = true): Promise<Row[]> {
  const free = (row: Row) => !(changes && used.has(row.uuid));
  const found = (await rows()).filter((row) => free(row) && row.fromAnotherCoach === 0 && matches(row)).slice(0, count);
  if (found.length < count) throw new Error('the seed has too few matching assessments');
  if (changes) for (const row of found) used.add(row.uuid);
  return found;
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  requestWithSession(server, session, method, url, payload, headers);

/** Polls the job until it ended, as the progress dialog does; answers every `done` it saw on the way and the end. */
async function ended(jobId: string) {
  const seen: number[] = [];
  let job: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        job = (await call('GET', `/api/assessments/batch-jobs/${jobId}`)).json();
        seen.push(job.done as number);
        return job.status;
      },
      { timeout: 120_000, interval: 50 },
    )
    .not.toBe('running');
  return { job, seen };
}

beforeAll(async () => {
  // 5,000 assessments: enough not complete for 1,249 invites and, apart from them, not registered for 600 deletes.
  env = await startSandboxBff({ assessments: 5000, env: { BATCH_CONCURRENCY: '4' } });
  ({ sandbox, server, store, legacyCookie } = env);
  session = await env.signIn();
}, 60_000);
afterAll(() => env?.close());

describe('Send Invites/Reminders on 1,249 assessments (sendInvites as a job)', () => {
  it('answers 202 with the job, counts its progress up to 1,249, e-mails every client exactly once and answers "1249 of 1249"', async () => {
    const selected = await pick(1249, (row) => row.guestCompletedAt === null);
    const ids = selected.map((row) => row.uuid);
    const outboxBefore = store.outbox.length;
    const key = { 'idempotency-key': 'invites-1249-0001' };

    const started = await call('POST', '/api/assessments/invites', { ids, serverSend: true }, { ...ASYNC, ...key });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ operation: 'sendInvites', status: 'running', stopping: false, total: 1249 });
    expect(started.headers.location).toBe(`/api/assessments/batch-jobs/${started.json().jobId}`);

    const { job, seen } = await ended(started.json().jobId);
    expect(job).toMatchObject({ status: 'complete', total: 1249, done: 1249 });
    expect(job.result).toEqual({
      total: 1249,
      succeeded: 1249,
      failed: [],
      notAttempted: 0,
      skippedCompleted: 0,
      reminders: selected.filter((row) => row.userInvite === 1).length,
      drafts: [],
    });
    // The progress the dialog showed only went up.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    // Each invite once: one e-mail per selected assessment, carrying its own link, and nothing else sent.
    const sent = store.outbox.slice(outboxBefore);
    expect(sent).toHaveLength(1249);
    for (const row of selected)
      expect(sent.filter((email) => email.body.includes(row.userToken)).map((email) => email.to)).toEqual([row.clientEmail]);
    const after = new Map((await rows()).map((row) => [row.uuid, row]));
    expect(selected.every((row) => after.get(row.uuid)?.userInvite === 1)).toBe(true);

    // The same call again (its answer lost): the first result, and not one more e-mail.
    const repeated = await call('POST', '/api/assessments/invites', { ids, serverSend: true }, key);
    expect(repeated.json()).toEqual(job.result);
    expect(store.outbox.length).toBe(outboxBefore + 1249);
  });

  it('summarises the selection for the review: the counts, and the first names of each group only', async () => {
    const selected = await pick(1249, (row) => row.guestCompletedAt === null, false);
    const done = await pick(3, (row) => row.guestCompletedAt !== null, false);
    const ids = [...selected, ...done].map((row) => row.uuid);
    const response = await call('POST', '/api/assessments/selection-summaries', { ids, names: 5 });
    expect(response.statusCode).toBe(200);
    const name = (row: Row) => `${row.clientName} ${row.clientSurname}`;
    const invites = selected.filter((row) => row.userInvite === 0);
    const reminders = selected.filter((row) => row.userInvite === 1);
    expect(response.json()).toMatchObject({
      total: 1252,
      invites: { count: invites.length, names: invites.slice(0, 5).map(name) },
      reminders: { count: reminders.length, names: reminders.slice(0, 5).map(name) },
      complete: { count: 3, names: done.map(name) },
      received: 0,
    });
  });
});

describe('Delete on 600 assessments (deleteAssessments as a job)', () => {
  it('deletes every one of them once and answers "600 of 600"', async () => {
    const selected = await pick(600, (row) => row.guestRegisteredAt === null && row.scoGivenTo.length === 0);
    const ids = selected.map((row) => row.uuid);
    const started = await call('POST', '/api/assessments/deletions', { ids }, { ...ASYNC, 'idempotency-key': 'delete-600-0001' });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ operation: 'deleteAssessments', status: 'running', total: 600 });

    const { job } = await ended(started.json().jobId);
    expect(job).toMatchObject({
      status: 'complete',
      total: 600,
      done: 600,
      result: { total: 600, succeeded: 600, failed: [], notAttempted: 0 },
    });
    const left = new Set((await rows()).map((row) => row.uuid));
    expect(ids.filter((id) => left.has(id))).toEqual([]);
    // The BFF's list copy follows: the table no longer counts them.
    const list = await call('GET', '/api/assessments/ids');
    expect(list.json().ids.filter((id: string) => ids.includes(id))).toEqual([]);
  });

  it('refuses a selection holding a received assessment as a whole: the job fails with the problem, nothing deleted', async () => {
    const received = (
      await sandbox.inject({ url: `/api/v2/coaches/${COACH}/tokensX?mode=received`, headers: { cookie: legacyCookie } })
    ).json() as Row[];
    const own = await pick(501, (row) => row.guestRegisteredAt === null, false);
    const ids = [...own.map((row) => row.uuid), received[0]?.uuid];
    const started = await call('POST', '/api/assessments/deletions', { ids }, ASYNC);
    const { job } = await ended(started.json().jobId);
    expect(job).toMatchObject({ status: 'failed', problem: { status: 400, code: 'received_from_another_coach' } });
    const left = new Set((await rows()).map((row) => row.uuid));
    expect(own.every((row) => left.has(row.uuid))).toBe(true);
  });
});

describe('the selection a call takes', () => {
  const fakeIds = (count: number) => Array.from({ length: count }, (_, n) => `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`);

  it("takes 50,000 ids (a 2 MB body): none of these is the coach's, so there is nothing to invite", async () => {
    const response = await call('POST', '/api/assessments/invite-previews', { ids: fakeIds(50_000), serverSend: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('nothing_to_send');
  });

  it('refuses 50,001 ids', async () => {
    const response = await call('POST', '/api/assessments/invite-previews', { ids: fakeIds(50_001), serverSend: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });
});
