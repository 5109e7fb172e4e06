// What the runBatch tests share: runBatch checked against the contract's BatchResult (and that it adds up), a
// selection of n items, a promise settled by hand, an upstream call that respects cancellation.
import { expect } from 'vitest';
import { type BatchItem, type BatchOptions, type BatchResult, type BatchWorker, runBatch as run } from '../batch/run-batch.ts';
import { schemaViolations } from './contract-shapes.ts';

// Every answer must be the contract's BatchResult, and add up.
export async function runBatch(
  items: readonly BatchItem[],
  worker: BatchWorker<BatchItem>,
  options?: BatchOptions<BatchItem>,
): Promise<BatchResult> {
  const result = await run(items, worker, options);
  expect(schemaViolations('BatchResult', result)).toEqual([]);
  expect(result.succeeded + result.failed.length + result.notAttempted).toBe(result.total);
  return result;
}

export const items = (count: number): BatchItem[] =>
  Array.from({ length: count }, (_, index) => ({ id: `id-${index}`, name: `Client ${index}` }));

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// Settles when the signal aborts, never otherwise: an upstream call that respects cancellation.
export const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

export const tick = () => new Promise((resolve) => setImmediate(resolve));
