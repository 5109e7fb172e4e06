// Against a real loopback upstream (undici over sockets): streaming, backpressure and faults only show there.
import { once } from 'node:events';
import { connect } from 'node:net';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { TIMEOUT_MESSAGE } from '../problem.ts';
import { contentDisposition } from './content-disposition.ts';
import { type FileBehaviour, type FileUpstream, fileHead, startFileUpstream } from './file-upstream-test-support.ts';
import { type JobFailure, type JobFile, toReportDownloadJob } from './jobs.ts';
import { MemoryJobStore } from './memory-job-store.ts';
import { createReportArchive, FAILURES_HEADING, startJobArchive } from './report-archive.ts';
import { readCentralDirectory, readZip } from './zip-test-support.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const id = (index: number) => `a55e55e0-0000-4000-8000-${String(index).padStart(12, '0')}`;
const files = (count: number): JobFile[] =>
  Array.from({ length: count }, (_, index) => ({
    assessmentId: id(index),
    name: `Client${index} Surname${index}`,
    report: 'basic',
    fileName: `Surname${index} Client${index} - Enneagram.pdf`,
  }));

async function upstream(options: Parameters<typeof startFileUpstream>[0] = {}): Promise<FileUpstream> {
  const started = await startFileUpstream(options);
  cleanups.push(started.close);
  return started;
}

const behaviours =
  (map: Record<number, FileBehaviour>) =>
  (key: string): FileBehaviour =>
    map[Number(key.slice(-12))] ?? 'ok';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('createReportArchive', () => {
  it('streams every file into one zip, lists failures in failures.txt and reports progress', async () => {
    const legacy = await upstream({ size: 10_000, behaviour: behaviours({ 2: 'error' }) });
    const selection = files(5);
    // Two files with the same name get numbered entries.
    selection[4] = { ...(selection[4] as JobFile), fileName: (selection[0] as JobFile).fileName };
    const progress: (JobFailure | undefined)[] = [];
    const archive = createReportArchive({
      files: selection,
      fetchFile: legacy.fetchFile,
      onFile: (_file, failure) => void progress.push(failure),
    });

    const zip = readZip(await collect(archive.stream));
    const outcome = await archive.done;

    expect(outcome).toEqual({
      status: 'complete',
      written: 4,
      notAttempted: 0,
      failed: [{ assessmentId: id(2), name: 'Client2 Surname2', report: 'basic', message: `No report for ${id(2)}` }],
    });
    expect([...zip.keys()].sort()).toEqual([
      'Surname0 Client0 - Enneagram (2).pdf',
      'Surname0 Client0 - Enneagram.pdf',
      'Surname1 Client1 - Enneagram.pdf',
      'Surname3 Client3 - Enneagram.pdf',
      'failures.txt',
    ]);
    const first = zip.get('Surname1 Client1 - Enneagram.pdf');
    expect(first?.length).toBe(fileHead(id(1)).length + 10_000);
    expect(first?.subarray(0, fileHead(id(1)).length).equals(fileHead(id(1)))).toBe(true);
    expect(zip.get('failures.txt')?.toString()).toBe(
      `${FAILURES_HEADING}\r\n\r\nClient2 Surname2 - Surname2 Client2 - Enneagram.pdf: No report for ${id(2)}\r\n`,
    );
    expect(progress).toHaveLength(5);
    expect(progress.filter(Boolean)).toHaveLength(1);
  });

  it('writes no failures.txt when everything worked, and stores the PDFs uncompressed', async () => {
    const legacy = await upstream({ size: 5000 });
    const archive = createReportArchive({ files: files(3), fetchFile: legacy.fetchFile });
    const bytes = await collect(archive.stream);
    const entries = readCentralDirectory(bytes);
    expect(entries.map((entry) => entry.name)).not.toContain('failures.txt');
    expect(entries.every((entry) => entry.method === 0)).toBe(true);
    expect((await archive.done).status).toBe('complete');
  });

  it('also takes web ReadableStream bodies (a fetch Response)', async () => {
    const legacy = await upstream({ size: 2000 });
    const archive = createReportArchive({
      files: files(2),
      fetchFile: async (file, signal) => {
        const response = await fetch(`${legacy.url}/files/${file.assessmentId}`, { signal });
        if (!response.body) throw new Error('no body');
        return response.body;
      },
    });
    const zip = readZip(await collect(archive.stream));
    expect(zip.size).toBe(2);
    expect(zip.get('Surname0 Client0 - Enneagram.pdf')?.length).toBe(fileHead(id(0)).length + 2000);
  });

  it('keeps memory bounded: 300 files of 1 MB stream through, never more than `concurrency` fetched at once', async () => {
    const megabyte = 1024 * 1024;
    const legacy = await upstream({ size: megabyte });
    const selection = files(300);
    const archive = createReportArchive({ files: selection, fetchFile: legacy.fetchFile, concurrency: 4 });

    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // Live memory, not garbage waiting for a collection: collect before each sample. The files' bytes are
    // Buffers (array buffers); the JS heap is checked too, loosely, for anything kept per file.
    const sample = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return { heapUsed, arrayBuffers };
    };
    const baseline = sample();
    const peak = { ...baseline };
    const measure = () => {
      const now = sample();
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    };
    let total = 0;
    // Only the end of the zip is kept: its central directory.
    const tail: Buffer[] = [];
    let tailLength = 0;
    let chunks = 0;
    await pipeline(
      archive.stream,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          total += chunk.length;
          tail.push(chunk);
          tailLength += chunk.length;
          while (tailLength - (tail[0]?.length ?? 0) >= 512 * 1024) tailLength -= tail.shift()?.length ?? 0;
          if (++chunks % 1000 === 0) measure();
          callback();
        },
      }),
    );
    const outcome = await archive.done;

    expect(outcome).toMatchObject({ status: 'complete', written: 300, failed: [] });
    expect(total).toBeGreaterThan(300 * megabyte);
    const entries = readCentralDirectory(Buffer.concat(tail), total);
    expect(entries).toHaveLength(300);
    expect(entries.every((entry) => entry.size === fileHead(id(0)).length + megabyte)).toBe(true);
    expect(legacy.peakOpen()).toBeLessThanOrEqual(4);
    // Buffering the selection would hold over 300 MB. Streaming holds a few chunks per file in flight; the margin
    // covers array buffers a collection has freed but not yet swept.
    expect(peak.arrayBuffers - baseline.arrayBuffers).toBeLessThan(64 * megabyte);
    expect(peak.heapUsed - baseline.heapUsed).toBeLessThan(32 * megabyte);
  });

  it('fails a file that does not answer in time, and one whose body stalls, and carries on', async () => {
    const legacy = await upstream({ size: 100_000, behaviour: behaviours({ 1: 'hang', 3: 'stall' }) });
    const archive = createReportArchive({ files: files(5), fetchFile: legacy.fetchFile, itemTimeoutMs: 500 });
    const zip = readZip(await collect(archive.stream));
    const outcome = await archive.done;
    expect(outcome.status).toBe('complete');
    expect(outcome.written).toBe(3);
    expect(outcome.failed).toEqual([
      { assessmentId: id(1), name: 'Client1 Surname1', report: 'basic', message: TIMEOUT_MESSAGE },
      {
        assessmentId: id(3),
        name: 'Client3 Surname3',
        report: 'basic',
        message: `${TIMEOUT_MESSAGE} (the file in the archive is incomplete)`,
      },
    ]);
    // The stalled file is in the zip, cut short, and the zip is still valid.
    expect(zip.get('Surname3 Client3 - Enneagram.pdf')?.length).toBe(fileHead(id(3)).length + 50_000);
    expect(zip.get('failures.txt')?.toString()).toContain(`Client1 Surname1 - Surname1 Client1 - Enneagram.pdf: ${TIMEOUT_MESSAGE}`);
  });

  it('survives a connection reset in the middle of a file', async () => {
    const legacy = await upstream({ size: 200_000, behaviour: behaviours({ 0: 'reset' }) });
    const archive = createReportArchive({ files: files(3), fetchFile: legacy.fetchFile });
    const zip = readZip(await collect(archive.stream));
    const outcome = await archive.done;
    expect(outcome.written).toBe(2);
    expect(outcome.failed).toHaveLength(1);
    expect(outcome.failed[0]?.message).toMatch(/the file in the archive is incomplete/);
    expect(zip.size).toBe(4);
  });

  it('stops at the first 403: nothing more is fetched, the zip ends, the outcome flags the session end', async () => {
    const legacy = await upstream({ size: 1000, behaviour: behaviours({ 3: 'forbidden' }) });
    const archive = createReportArchive({ files: files(40), fetchFile: legacy.fetchFile, concurrency: 1 });
    const zip = readZip(await collect(archive.stream));
    const outcome = await archive.done;
    expect(outcome.status).toBe('failed');
    expect(outcome.sessionEnded).toBeDefined();
    expect(outcome.written).toBe(3);
    expect(outcome.notAttempted).toBe(37);
    expect(legacy.requested).toHaveLength(4);
    expect(zip.get('failures.txt')?.toString()).toBe('The download was stopped before 37 report(s) were fetched.\r\n');
  });

  it('on Stop cancels the fetches and ends the zip with the files written so far', async () => {
    const legacy = await upstream({ size: 1000, behaviour: behaviours({ 5: 'hang', 6: 'hang' }) });
    const stop = new AbortController();
    let tried = 0;
    const archive = createReportArchive({
      files: files(50),
      fetchFile: legacy.fetchFile,
      concurrency: 2,
      signal: stop.signal,
      onFile: () => {
        if (++tried === 5) stop.abort();
      },
    });
    const zip = readZip(await collect(archive.stream));
    const outcome = await archive.done;
    expect(outcome.status).toBe('stopped');
    expect(outcome.written).toBe(5);
    expect(outcome.notAttempted).toBe(45);
    expect(zip.size).toBe(6);
    expect(legacy.requested.length).toBeLessThanOrEqual(7);
  });
  it('on Stop finishes the file being written: it is whole in the zip, and nothing is reported as failed', async () => {
    const stop = new AbortController();
    let writing!: () => void;
    const halfWritten = new Promise<void>((resolve) => {
      writing = resolve;
    });
    let resume!: () => void;
    const gate = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const archive = createReportArchive({
      files: files(3),
      concurrency: 1,
      signal: stop.signal,
      fetchFile: async (file) =>
        Readable.from(
          (async function* () {
            yield Buffer.from(`%PDF-1.7 ${file.assessmentId} first half\n`);
            writing();
            await gate;
            yield Buffer.from('second half\n');
          })(),
        ),
    });
    const zipped = collect(archive.stream);
    await halfWritten;
    stop.abort();
    resume();
    const zip = readZip(await zipped);
    const outcome = await archive.done;
    expect(outcome).toMatchObject({ status: 'stopped', written: 1, failed: [], notAttempted: 2 });
    expect(zip.get('Surname0 Client0 - Enneagram.pdf')?.toString()).toBe(`%PDF-1.7 ${id(0)} first half\nsecond half\n`);
    expect(zip.get('failures.txt')?.toString()).toBe('The download was stopped before 2 report(s) were fetched.\r\n');
  });

  it('drops a body that arrives after its timeout, and keeps going when progress cannot be recorded', async () => {
    let late: ((body: Readable) => void) | undefined;
    const lateBody = Readable.from([Buffer.from('late')]);
    const archive = createReportArchive({
      files: files(2),
      itemTimeoutMs: 100,
      fetchFile: async (file) => {
        if (file.assessmentId === id(0)) return new Promise<Readable>((resolve) => (late = resolve));
        return Readable.from([Buffer.from('on time')]);
      },
      onFile: () => {
        throw new Error('store unavailable');
      },
    });
    const zip = readZip(await collect(archive.stream));
    expect((await archive.done).failed.map((failure) => failure.message)).toEqual([TIMEOUT_MESSAGE]);
    expect(zip.get('Surname1 Client1 - Enneagram.pdf')?.toString()).toBe('on time');
    late?.(lateBody);
    while (!lateBody.destroyed) await new Promise((resolve) => setImmediate(resolve));
    expect(lateBody.destroyed).toBe(true);
  });
});

describe('startJobArchive', () => {
  it('runs a job: progress in the record, complete at the end, a second archive request refused', async () => {
    const legacy = await upstream({ size: 1000, behaviour: behaviours({ 1: 'error' }) });
    const jobs = new MemoryJobStore();
    cleanups.push(() => jobs.close());
    const { jobId } = await jobs.create('session-a', { files: files(3), skipped: 1 });
    const { archive, fileName } = await startJobArchive({ jobs, sessionId: 'session-a', jobId, fetchFile: legacy.fetchFile });
    expect(fileName).toMatch(/^reports-\d{4}-\d{2}-\d{2}\.zip$/);
    const running = await jobs.get('session-a', jobId);
    expect(running?.status).toBe('running');
    await expect(startJobArchive({ jobs, sessionId: 'session-a', jobId, fetchFile: legacy.fetchFile })).rejects.toMatchObject({
      statusCode: 409,
      code: 'archive_already_started',
    });

    await collect(archive.stream);
    await archive.done;
    const ended = await jobs.get('session-a', jobId);
    expect(ended && toReportDownloadJob(ended)).toMatchObject({
      status: 'complete',
      total: 3,
      done: 3,
      skipped: 1,
      failed: [{ assessmentId: id(1) }],
    });
  });

  it('a session end mid-download fails the job and calls back for the logout', async () => {
    const legacy = await upstream({ size: 1000, behaviour: behaviours({ 0: 'forbidden' }) });
    const jobs = new MemoryJobStore();
    cleanups.push(() => jobs.close());
    const { jobId } = await jobs.create('session-a', { files: files(3), skipped: 0 });
    const ended: unknown[] = [];
    const { archive } = await startJobArchive({
      jobs,
      sessionId: 'session-a',
      jobId,
      fetchFile: legacy.fetchFile,
      concurrency: 1,
      onSessionEnded: (error) => void ended.push(error),
    });
    await collect(archive.stream);
    await archive.done;
    expect(ended).toHaveLength(1);
    expect((await jobs.get('session-a', jobId))?.status).toBe('failed');
  });

  it('over a real socket: Stop from another request ends the zip; a client disconnect stops the job', async () => {
    const legacy = await upstream({ size: 4000, behaviour: behaviours({ 2: 'hang' }) });
    const jobs = new MemoryJobStore();
    cleanups.push(() => jobs.close());
    const app = Fastify();
    cleanups.push(() => app.close());
    const finished: Promise<unknown>[] = [];
    app.get<{ Params: { jobId: string } }>('/archive/:jobId', async (request, reply) => {
      const { archive, fileName } = await startJobArchive({
        jobs,
        sessionId: 'session-a',
        jobId: request.params.jobId,
        fetchFile: legacy.fetchFile,
      });
      finished.push(archive.done);
      return reply.type('application/zip').header('content-disposition', contentDisposition(fileName)).send(archive.stream);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;

    // Stop: the file that hangs keeps the zip open until Stop ends it.
    const stopped = await jobs.create('session-a', { files: files(6), skipped: 0 });
    const response = await fetch(`http://127.0.0.1:${port}/archive/${stopped.jobId}`);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="reports-.*\.zip"$/);
    const body = response.arrayBuffer();
    while (((await jobs.get('session-a', stopped.jobId))?.done ?? 0) < 2) await new Promise((resolve) => setImmediate(resolve));
    await jobs.stop('session-a', stopped.jobId);
    const zip = readZip(Buffer.from(await body));
    expect(zip.has('Surname0 Client0 - Enneagram.pdf')).toBe(true);
    expect(zip.get('failures.txt')?.toString()).toMatch(/^The download was stopped before \d report\(s\) were fetched\.\r\n$/);
    expect((await jobs.get('session-a', stopped.jobId))?.status).toBe('stopped');

    // Disconnect: the client reads the start of the zip and leaves.
    const abandoned = await jobs.create('session-a', { files: files(6), skipped: 0 });
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`GET /archive/${abandoned.jobId} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await once(socket, 'data');
    socket.destroy();
    await Promise.all(finished);
    expect((await jobs.get('session-a', abandoned.jobId))?.status).toBe('stopped');
    expect(legacy.requested.filter((key) => key === id(5)).length).toBeLessThanOrEqual(2);
  });
});
