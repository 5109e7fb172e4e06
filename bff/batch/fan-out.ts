// The one bounded fan-out: every multi-select action (run-batch.ts) and the Download Reports zip
// (downloads/report-archive.ts) run their items through it.

/** Does one item; `controller` is the item's own, aborted when the whole fan-out stops (the item may abort it too). */
export type FanOutWork<T> = (item: T, index: number, controller: AbortController) => Promise<void>;

/**
 * Runs `work` over `items` in order, never more than `concurrency` at once. Once `stop` is aborted nothing new
 * starts and every in-flight item's controller is aborted with the same reason; resolves when all started items settled.
 */
export async function fanOut<T>(items: readonly T[], concurrency: number, stop: AbortSignal, work: FanOutWork<T>): Promise<void> {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  let next = 0;
  const lane = async () => {
    while (!stop.aborted && next < items.length) {
      const index = next++;
      const controller = new AbortController();
      const abortItem = () => controller.abort(stop.reason);
      stop.addEventListener('abort', abortItem, { once: true });
      try {
        await work(items[index] as T, index, controller);
      } finally {
        stop.removeEventListener('abort', abortItem);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}
