// The one wrapper of the flagged routes entries: each flagged call gets one run, filled in by the flags' wrappers in
// their written order and handed to the handler as an argument (nothing kept beside the request's context); the
// handler's context is the request's with the run's clients, signal and log.
import { describe, expect, it } from 'vitest';
import { MemoryBatchJobStore } from '../../batch/batch-jobs.ts';
import type { BatchRun } from '../../batch/batch-run.ts';
import { MemoryIdempotencyStore } from '../../batch/idempotency-store.ts';
import type { OperationHandler, OperationHandlers, OperationRoute, SessionContext } from '../../operation.ts';
import { MemorySnapshotVersions, SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { captureLogs } from '../../test-support/test-server.ts';
import { batchRuns } from './batch-runs.ts';

const empty = { total: 0, succeeded: 0, failed: [], notAttempted: 0 };

function setUp(handlers: OperationHandlers) {
  const jobs = new MemoryBatchJobStore();
  const snapshots = new SnapshotCache({ ttlMs: 30_000, maxCoaches: 10, maxRows: 1_000, versions: new MemorySnapshotVersions() });
  const wrapped = batchRuns(handlers, { idempotency: new MemoryIdempotencyStore(), snapshots, jobs, create: { waitMs: 1_000 } });
  return { wrapped, jobs };
}

/** A request's context: its legacy client says which it is, and its detached one too. */
function requestContext(headers: SessionContext['headers'] = {}): SessionContext {
  const detached = { name: 'detached', detached: () => detached };
  return {
    session: { id: 'session-1', coachId: 'coach-1' },
    headers,
    log: captureLogs().logger,
    signal: new AbortController().signal,
    legacy: { name: 'request', detached: () => detached },
    publicLegacy: { name: 'public' },
  } as unknown as SessionContext;
}

describe('batchRuns', () => {
  it("wraps only the flagged routes entries, and keeps an entry's other fields", () => {
    const invalid = { rules: [] };
    const handler: OperationHandler<'deleteTeams'> = async () => empty;
    const dashboard: OperationHandler<'getDashboard'> = async () => ({}) as never;
    const { wrapped } = setUp({ deleteTeams: { invalid, idempotent: true, changesLists: true, handler }, getDashboard: dashboard });
    const route = wrapped.deleteTeams as OperationRoute<'deleteTeams'>;
    expect(route.handler).not.toBe(handler);
    expect(route.invalid).toBe(invalid);
    expect(wrapped.getDashboard).toBe(dashboard);
  });

  it('hands a job its run: the Stop signal, the detached client, the progress, the list change and the ledger', async () => {
    let seen: { run: BatchRun; ctx: SessionContext } | undefined;
    const handler: OperationHandler<'sendInvites'> = async (_input, ctx, run) => {
      seen = { run: run as BatchRun, ctx };
      await run?.progress?.begin(3, 0);
      return { ...empty, total: 3, succeeded: 3, skippedCompleted: 0, reminders: 0, drafts: [] };
    };
    const { wrapped, jobs } = setUp({ sendInvites: { job: true, idempotent: true, changesLists: true, handler } });
    const request = requestContext({ prefer: 'respond-async', 'idempotency-key': 'key-0001' });
    const answer = await (wrapped.sendInvites as OperationRoute<'sendInvites'>).handler(
      { params: {}, query: {}, body: { ids: ['a', 'b', 'c'], serverSend: true } } as never,
      request,
    );
    const { jobId } = (answer as { body: { jobId: string } }).body;
    await expect.poll(async () => (await jobs.get('session-1', jobId))?.status).toBe('complete');
    const { run, ctx } = seen as { run: BatchRun; ctx: SessionContext };
    expect(run.signal).not.toBe(request.signal);
    expect((run.legacy as unknown as { name: string }).name).toBe('detached');
    expect(run.ledger).toBeDefined();
    expect(run.change).toBeDefined();
    expect((await jobs.get('session-1', jobId))?.total).toBe(3);
    // The handler's context is the run's: a service calling ctx.legacy calls what the run says.
    expect(ctx.legacy).toBe(run.legacy);
    expect(ctx.signal).toBe(run.signal);
    expect(ctx.session).toBe(request.session);
    // The request's context is left as it was.
    expect((request.legacy as unknown as { name: string }).name).toBe('request');
    await jobs.close();
  });

  it('refuses to start when a routes entry says otherwise than the contract about changing the lists', () => {
    const handler: OperationHandler<'deleteTeams'> = async () => empty;
    expect(() => setUp({ deleteTeams: { idempotent: true, handler } })).toThrow(/changesLists.*on: deleteTeams$/);
  });

  it('refuses to start when a routes entry says otherwise than the contract about running as a job or the Idempotency-Key', () => {
    const invites: OperationHandler<'sendInvites'> = async () => ({ ...empty, skippedCompleted: 0, reminders: 0, drafts: [] });
    const teams: OperationHandler<'deleteTeams'> = async () => empty;
    // sendInvites declares the `Prefer` header: without `job: true` its respond-async calls would run in the request.
    expect(() => setUp({ sendInvites: { idempotent: true, changesLists: true, handler: invites } })).toThrow(
      /`job: true`.*on: sendInvites$/,
    );
    expect(() => setUp({ deleteTeams: { job: true, idempotent: true, changesLists: true, handler: teams } })).toThrow(
      /`job: true`.*on: deleteTeams$/,
    );
    expect(() => setUp({ deleteTeams: { changesLists: true, handler: teams } })).toThrow(/`idempotent: true`.*on: deleteTeams$/);
    expect(() => setUp({ sendInvites: { job: true, idempotent: true, changesLists: true, handler: invites } })).not.toThrow();
  });
});
