// Download Reports as ONE zip, produced while the browser downloads it (spec assessments-and-clients §4.6;
// ARCHITECTURE "Downloads stream"). PDFs are fetched with bounded concurrency and written one at a time
// into the zip; nothing is read from the legacy API faster than the browser takes the zip (backpressure),
// so memory stays bounded whatever the selection. Failures go into the job and into `failures.txt`.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ZipArchive } from 'archiver';
import { type ItemReason, itemReason } from '../batch/batch-errors.ts';
import { fanOut } from '../batch/fan-out.ts';
import { DEFAULT_BATCH_OPTIONS } from '../batch/run-batch.ts';
import type { Log } from '../operation.ts';
import { isSessionEnded, TIMEOUT_MESSAGE } from '../problem.ts';
import { safeFileName, uniqueFileName } from './content-disposition.ts';
import type { JobFailure, JobFile, JobRecord, JobStore } from './jobs.ts';

/** A report's body from the legacy API (an undici/Node stream or a fetch Response body). */
export type FileBody = Readable | WebReadableStream<Uint8Array> | ReadableStream<Uint8Array>;
/** Fetches one file until its body starts; throws (BatchItemError with the legacy `error.info`, a 403…) when it cannot. */
export type FetchFile = (file: JobFile, signal: AbortSignal) => Promise<FileBody>;

export type ArchiveStatus = 'complete' | 'stopped' | 'failed';

export interface ArchiveOutcome {
  status: ArchiveStatus;
  written: number;
  failed: JobFailure[];
  notAttempted: number;
  /** The legacy session ended (403) during the download: the route ends the BFF session too. */
  sessionEnded?: unknown;
}

export interface ReportArchiveOptions {
  files: readonly JobFile[];
  fetchFile: FetchFile;
  /** Files fetched at once (BATCH_CONCURRENCY); they are still written one after the other. */
  concurrency?: number | undefined;
  /** How long a file may take to start, and then to send its next chunk when asked (BATCH_ITEM_TIMEOUT_MS). */
  itemTimeoutMs?: number | undefined;
  /**
   * Stop pressed: the fetches are cancelled, the file being written is finished, and the zip ends with what was
   * written and `failures.txt`.
   */
  signal?: AbortSignal | undefined;
  /** Called as each file was tried (progress for the job record). */
  onFile?: ((file: JobFile, failure: JobFailure | undefined) => Promise<void> | void) | undefined;
  log?: Log | undefined;
}

export interface ReportArchive {
  /** The zip; send it as the response body. Destroying it (client gone) cancels everything. */
  stream: Readable;
  /** Settles once the zip has ended or was abandoned; never rejects. */
  done: Promise<ArchiveOutcome>;
}

// spec: assessments-and-clients §8, the report generation failure modal.
export const FAILURES_HEADING = 'The following report(s) could not be generated. The team has been notified and will be in touch.';
const STOPPED_NOTE = (count: number) => `The download was stopped before ${count} report(s) were fetched.`;
const INCOMPLETE = (message: string) => `${message} (the file in the archive is incomplete)`;

class ItemTimeoutError extends Error {
  constructor() {
    super(TIMEOUT_MESSAGE);
    this.name = 'ItemTimeoutError';
  }
}

export function createReportArchive({
  files,
  fetchFile,
  concurrency = DEFAULT_BATCH_OPTIONS.concurrency,
  itemTimeoutMs = DEFAULT_BATCH_OPTIONS.itemTimeoutMs,
  signal,
  onFile,
  log,
}: ReportArchiveOptions): ReportArchive {
  // PDFs are compressed already: store them.
  const archive = new ZipArchive({ store: true });
  const stop = new AbortController();
  let abandoned = false;
  let sessionEnded: { error: unknown } | undefined;
  const outcomes: (JobFailure | 'written' | undefined)[] = files.map(() => undefined);
  const taken = new Set<string>(['failures.txt']);
  // The name each file got in the zip (numbered when taken), for failures.txt.
  const entryNames: (string | undefined)[] = files.map(() => undefined);
  // Failures whose entry is in the zip, cut short.
  const partial = new WeakSet<JobFailure>();
  // Entries are appended strictly one after the other: each lane waits for the previous entry to be consumed.
  let turn: Promise<void> = Promise.resolve();

  const onStop = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', onStop, { once: true });
  if (signal?.aborted) onStop();
  // The consumer destroyed the stream (fastify does when the client disconnects) before the zip ended.
  archive.once('close', () => {
    if (!archive.readableEnded) {
      abandoned = true;
      stop.abort(new Error('The client closed the download.'));
    }
  });
  archive.on('warning', (warning) => log?.warn({ err: warning }, 'zip warning'));
  archive.on('error', (error) => log?.warn({ err: error }, 'zip stream failed'));

  const fail = (file: JobFile, reason: ItemReason | string): JobFailure => ({
    assessmentId: file.assessmentId,
    name: file.name,
    report: file.report,
    message: typeof reason === 'string' ? reason : reason.message,
  });

  const tryFile = async (file: JobFile, index: number, item: AbortController): Promise<JobFailure | 'written'> => {
    // The file's own signal. Stop (or a 403 elsewhere) cancels a file until its bytes are being written into the zip;
    // the one being written then is finished whole, so that a Stop leaves no cut-short report and no failure.
    // Nobody reading the zip any more (the client left) cancels it whatever it is doing.
    const controller = new AbortController();
    let writing = false;
    const follow = () => {
      if (!writing || abandoned) controller.abort(item.signal.reason);
    };
    item.signal.addEventListener('abort', follow, { once: true });
    if (item.signal.aborted) follow();
    try {
      return await tryFetched(file, index, controller, () => {
        writing = true;
      });
    } finally {
      item.signal.removeEventListener('abort', follow);
    }
  };

  const tryFetched = async (
    file: JobFile,
    index: number,
    controller: AbortController,
    startWriting: () => void,
  ): Promise<JobFailure | 'written'> => {
    let body: FileBody;
    const fetching = fetchFile(file, controller.signal);
    try {
      body = await withTimeout(fetching, itemTimeoutMs, controller);
    } catch (error) {
      // A body that arrives after the timeout would hold its connection: drop it.
      fetching.then(discard, () => {});
      return failureOf(file, error);
    }
    const previous = turn;
    let release!: () => void;
    turn = new Promise((resolve) => {
      release = resolve;
    });
    try {
      await previous;
      if (stop.signal.aborted || controller.signal.aborted) {
        discard(body);
        return failureOf(file, stop.signal.reason ?? controller.signal.reason);
      }
      startWriting();
      const source = guarded(toReadable(body), itemTimeoutMs, controller);
      const entry = entryConsumed(source.stream);
      // Nobody reads the zip any more, so the entry will never be consumed: let go of it.
      const onAbandon = () => abandoned && source.stream.destroy();
      stop.signal.addEventListener('abort', onAbandon, { once: true });
      entryNames[index] = uniqueFileName(safeFileName(file.fileName), taken);
      archive.append(source.stream, { name: entryNames[index], store: true });
      await entry;
      stop.signal.removeEventListener('abort', onAbandon);
      const error = source.error();
      if (error === undefined) return 'written';
      const failure = fail(file, INCOMPLETE(reasonOf(error).message));
      partial.add(failure);
      return failure;
    } finally {
      release();
    }
  };

  const failureOf = (file: JobFile, error: unknown): JobFailure => {
    if (isSessionEnded(error)) {
      sessionEnded ??= { error };
      stop.abort(error);
    }
    return fail(file, reasonOf(error));
  };

  const record = async (file: JobFile, index: number, controller: AbortController) => {
    const outcome = await tryFile(file, index, controller);
    // A file cut short by Stop, a disconnect or a 403 counts as not attempted, unless it is (partly) in the zip.
    if (outcome !== 'written' && stop.signal.aborted && !partial.has(outcome)) return;
    outcomes[index] = outcome;
    try {
      await onFile?.(file, outcome === 'written' ? undefined : outcome);
    } catch (error) {
      // Progress is for the modal; a store hiccup must not break the zip being downloaded.
      log?.warn({ err: error }, 'report archive progress not recorded');
    }
  };

  const done = (async (): Promise<ArchiveOutcome> => {
    try {
      await fanOut(files, concurrency, stop.signal, record);
      const failed = outcomes.filter((outcome): outcome is JobFailure => typeof outcome === 'object');
      const written = outcomes.filter((outcome) => outcome === 'written').length;
      const notAttempted = files.length - written - failed.length;
      const status: ArchiveStatus = sessionEnded ? 'failed' : stop.signal.aborted ? 'stopped' : 'complete';
      if (!abandoned) {
        const text = failuresText(files, outcomes, entryNames, notAttempted);
        if (text) archive.append(text, { name: 'failures.txt', store: false });
        // finalize() settles when the zip has been read to its end, which never happens if the client leaves now.
        await Promise.race([archive.finalize(), once(archive, 'close')]);
      }
      return {
        status: abandoned ? 'stopped' : status,
        written,
        failed,
        notAttempted,
        ...(sessionEnded && { sessionEnded: sessionEnded.error }),
      };
    } catch (error) {
      log?.error({ err: error }, 'report archive failed');
      archive.destroy();
      const failed = outcomes.filter((outcome): outcome is JobFailure => typeof outcome === 'object');
      const written = outcomes.filter((outcome) => outcome === 'written').length;
      return { status: 'failed', written, failed, notAttempted: files.length - written - failed.length };
    } finally {
      signal?.removeEventListener('abort', onStop);
    }
  })();

  return { stream: archive, done };
}

export interface JobArchiveOptions extends Omit<ReportArchiveOptions, 'files' | 'signal' | 'onFile'> {
  jobs: JobStore;
  sessionId: string;
  jobId: string;
  /** Called when the legacy session ended mid-download (the response has started, so no 401 can be sent). */
  onSessionEnded?: ((error: unknown) => Promise<void> | void) | undefined;
}

/**
 * The archive route's service: starts the job (404 / 409 `archive_already_started` as problems), streams
 * its files with progress into the job record, and ends the job as complete, stopped or failed.
 */
export async function startJobArchive({ jobs, sessionId, jobId, onSessionEnded, ...options }: JobArchiveOptions): Promise<{
  job: JobRecord;
  fileName: string;
  archive: ReportArchive;
}> {
  const { job, files, signal } = await jobs.start(sessionId, jobId);
  const archive = createReportArchive({
    ...options,
    files,
    signal,
    onFile: (_file, failure) => jobs.recordFile(jobId, failure),
  });
  const done = archive.done.then(async (outcome) => {
    await jobs.finish(jobId, outcome.status);
    if (outcome.sessionEnded !== undefined) await onSessionEnded?.(outcome.sessionEnded);
    return outcome;
  });
  const fileName = `reports-${new Date(job.createdAt).toISOString().slice(0, 10)}.zip`;
  return { job, fileName, archive: { stream: archive.stream, done } };
}

function failuresText(
  files: readonly JobFile[],
  outcomes: readonly (JobFailure | 'written' | undefined)[],
  entryNames: readonly (string | undefined)[],
  notAttempted: number,
): string {
  const lines: string[] = [];
  files.forEach((file, index) => {
    const outcome = outcomes[index];
    if (typeof outcome !== 'object') return;
    if (lines.length === 0) lines.push(FAILURES_HEADING, '');
    lines.push(`${file.name} - ${entryNames[index] ?? safeFileName(file.fileName)}: ${outcome.message}`);
  });
  if (notAttempted > 0) lines.push(...(lines.length > 0 ? [''] : []), STOPPED_NOTE(notAttempted));
  return lines.length > 0 ? `${lines.join('\r\n')}\r\n` : '';
}

function reasonOf(error: unknown): ItemReason {
  if (error instanceof ItemTimeoutError) return { code: 'upstream_timeout', message: TIMEOUT_MESSAGE };
  return itemReason(error);
}

function toReadable(body: FileBody): Readable {
  return body instanceof Readable ? body : Readable.fromWeb(body as WebReadableStream<Uint8Array>);
}

function discard(body: FileBody): void {
  if (body instanceof Readable) body.destroy();
  else void body.cancel().catch(() => {});
}

// Rejects after `ms` (aborting the file) or as soon as the file is aborted, whether or not `work` notices.
async function withTimeout<T>(work: Promise<T>, ms: number, controller: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => controller.abort(new ItemTimeoutError()), ms);
    onAbort = () => reject(controller.signal.reason);
    if (controller.signal.aborted) onAbort();
    else controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    if (onAbort) controller.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The file's bytes, pulled only as fast as the zip is read. A source that fails or stalls (no chunk within
 * `idleMs` of being asked) ends the entry early instead of breaking the whole zip; `error()` tells why.
 */
function guarded(source: Readable, idleMs: number, controller: AbortController): { stream: Readable; error: () => unknown } {
  let failure: unknown;
  const iterator = source[Symbol.asyncIterator]();
  async function* chunks() {
    try {
      while (true) {
        const next = await withTimeout(iterator.next(), idleMs, controller);
        if (next.done) return;
        yield next.value as Buffer;
      }
    } catch (error) {
      failure = error;
      source.destroy();
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), error: () => failure };
}

// Resolves when the archive has read the entry's source to its end.
function entryConsumed(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
  });
}
