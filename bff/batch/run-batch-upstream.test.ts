// runBatch against a real loopback upstream that misbehaves per item (5xx, error answers, resets, no answer,
// a 403 in the middle), with each item fetched over undici as a batch service will.
import { afterEach, describe, expect, it } from 'vitest';
import { type FileBehaviour, type FileUpstream, startFileUpstream } from '../downloads/file-upstream-test-support.ts';
import type { JobFile } from '../downloads/jobs.ts';
import { UNEXPECTED_MESSAGE } from '../problem.ts';
import { schemaViolations } from '../test-support/contract-shapes.ts';
import { OUTCOME_UNKNOWN, outcomeUnknownAfterNoAnswer } from './batch-ledger.ts';
import { runBatch } from './run-batch.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const id = (index: number) => `a55e55e0-0000-4000-8000-${String(index).padStart(12, '0')}`;
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ id: id(index), name: `Client ${index}` }));

async function upstream(map: Record<number, FileBehaviour>): Promise<FileUpstream> {
  const started = await startFileUpstream({ size: 20_000, behaviour: (key) => map[Number(key.slice(-12))] ?? 'ok' });
  cleanups.push(started.close);
  return started;
}

// One upstream call per item: fetch the file and read it to the end.
const worker = (legacy: FileUpstream) => async (item: { id: string; name: string }, signal: AbortSignal) => {
  const file: JobFile = { assessmentId: item.id, name: item.name, report: 'basic', fileName: 'x.pdf' };
  const body = await legacy.fetchFile(file, signal);
  for await (const _chunk of body as AsyncIterable<unknown>);
};

describe('runBatch against a faulty upstream', () => {
  it('reports 5xx, error answers, resets and timeouts (not known whether done) per item and carries on', async () => {
    const legacy = await upstream({ 1: 'server-error', 2: 'error', 3: 'reset', 4: 'hang' });
    const result = await runBatch(items(8), worker(legacy), { concurrency: 3, itemTimeoutMs: 1000 });
    expect(schemaViolations('BatchResult', result)).toEqual([]);
    expect(result).toEqual({
      total: 8,
      succeeded: 4,
      notAttempted: 0,
      failed: [
        { id: id(1), name: 'Client 1', code: 'upstream_error', message: 'The service is unavailable. Please try again later.' },
        { id: id(2), name: 'Client 2', code: 'download_failed', message: `No report for ${id(2)}` },
        { id: id(3), name: 'Client 3', code: 'upstream_error', message: UNEXPECTED_MESSAGE },
        // No answer in time: the call may have been done.
        { id: id(4), name: 'Client 4', code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer('Client 4') },
      ],
    });
    expect(legacy.peakOpen()).toBeLessThanOrEqual(3);
  });

  it('stops at a 403 in the middle: nothing more is requested, in-flight calls are cancelled', async () => {
    const legacy = await upstream({ 0: 'hang', 1: 'hang', 5: 'forbidden' });
    const running = runBatch(items(30), worker(legacy), { concurrency: 3 });
    await expect(running).rejects.toMatchObject({ code: 'session_ended' });
    // Items 0 and 1 hang until cancelled; the third lane went through 2, 3, 4 and met the 403 at 5.
    expect([...legacy.requested].sort()).toEqual([id(0), id(1), id(2), id(3), id(4), id(5)]);
    while (legacy.open() > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(legacy.open()).toBe(0);
  });
});
