// A whole upstream answer read through undici's dispatch API: the chunks are collected as they arrive, with
// no body stream, no request handler, no abort-listener wrapper and no promise per chunk, which is what
// `request` + `body.text()` cost on every JSON call (docs/benchmarks.md "What the BFF's code does for its CPU"). Downloads keep
// `request` and its stream.
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { AbortSource } from './call-cancel.ts';

export interface BufferedAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The shape of undici's body for what the legacy client reads: the text is already here. */
  body: { readonly bytes: Buffer; text(): Promise<string>; dump(): Promise<void> };
}

class BufferedBody {
  /** The answer's bytes, decoded on the first text(): a large JSON list is parsed from them in slices (json-slices.ts). */
  readonly bytes: Buffer;
  #text: string | undefined;
  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }
  text(): Promise<string> {
    this.#text ??= this.bytes.toString('utf8');
    return Promise.resolve(this.#text);
  }
  dump(): Promise<void> {
    return Promise.resolve();
  }
}

const NOOP = () => {};

class BufferingHandler implements Dispatcher.DispatchHandler {
  readonly #signal: AbortSource;
  #resolve: (answer: BufferedAnswer) => void;
  #reject: (error: Error) => void;
  #controller: Dispatcher.DispatchController | undefined;
  #statusCode = 0;
  #headers: IncomingHttpHeaders = {};
  #chunks: Buffer[] = [];

  constructor(signal: AbortSource, resolve: (answer: BufferedAnswer) => void, reject: (error: Error) => void) {
    this.#signal = signal;
    this.#resolve = resolve;
    this.#reject = reject;
    // The handler itself listens (handleEvent): no closure per call.
    signal.addEventListener('abort', this);
  }

  handleEvent(): void {
    this.#controller?.abort(this.#signal.reason as Error);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#signal.aborted) controller.abort(this.#signal.reason as Error);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    this.#statusCode = statusCode;
    this.#headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    const chunks = this.#chunks;
    const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    const answer = { statusCode: this.#statusCode, headers: this.#headers, body: new BufferedBody(bytes) };
    this.#settle().resolve(answer);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#settle().reject(error);
  }

  /**
   * Lets go of everything the call reached, once answered. undici keeps a finished handler reachable from
   * its connection: whatever the handler still held (the controller, the promise) survived young-generation
   * GCs with the whole request behind it (≈ 2–5 MB promoted a second at 1,000 req/s, scavenge pauses of
   * 7–30 ms instead of ≈ 1 ms; docs/benchmarks.md).
   */
  #settle(): { resolve: (answer: BufferedAnswer) => void; reject: (error: Error) => void } {
    this.#signal.removeEventListener('abort', this);
    const settle = { resolve: this.#resolve, reject: this.#reject };
    this.#resolve = NOOP;
    this.#reject = NOOP;
    this.#controller = undefined;
    this.#chunks = [];
    return settle;
  }
}

/**
 * One call whose whole answer is read into memory; fails with undici's error, or the signal's reason once aborted
 * (an AbortSignal, or the legacy client's cheaper `CallCancel`).
 */
export function dispatchBuffered(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  signal: AbortSource,
): Promise<BufferedAnswer> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    dispatcher.dispatch(options, new BufferingHandler(signal, resolve, reject));
  });
}
