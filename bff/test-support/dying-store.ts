// What the Idempotency-Key tests on two instances share: an instance's view of the shared store that dies with it,
// and a promise the test settles when it chooses.
import type { IdempotencyStore } from '../batch/idempotency-store.ts';

/** A promise and its resolve, for a call the test holds until it chooses. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** An instance's view of the shared store until it dies: then nothing it does reaches the store any more. */
export class DyingStore implements IdempotencyStore {
  readonly #inner: IdempotencyStore;
  #dead = false;
  constructor(inner: IdempotencyStore) {
    this.#inner = inner;
  }
  get renewEveryMs() {
    return this.#inner.renewEveryMs;
  }
  die() {
    this.#dead = true;
  }
  #call<T>(work: () => Promise<T>): Promise<T> {
    return this.#dead ? new Promise<T>(() => {}) : work();
  }
  claim: IdempotencyStore['claim'] = (...args) => this.#call(() => this.#inner.claim(...args));
  renew: IdempotencyStore['renew'] = (...args) => this.#call(() => this.#inner.renew(...args));
  start: IdempotencyStore['start'] = (...args) => this.#call(() => this.#inner.start(...args));
  record: IdempotencyStore['record'] = (...args) => this.#call(() => this.#inner.record(...args));
  finish: IdempotencyStore['finish'] = (...args) => this.#call(() => this.#inner.finish(...args));
  abandon: IdempotencyStore['abandon'] = (...args) => this.#call(() => this.#inner.abandon(...args));
  release: IdempotencyStore['release'] = (...args) => this.#call(() => this.#inner.release(...args));
}
