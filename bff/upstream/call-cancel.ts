// What stops a legacy call: its timeout, the browser leaving, a batch item's own signal. An AbortController, its
// listeners and a Node timer per call cost more than the rest of the client's work on a pass-through request
// (docs/benchmarks.md "What the BFF's code does for its CPU"), so a call is stopped through one small object of its
// own: the calls of one timeout length share one timer (`DeadlineQueue`), the browser leaving stops the calls a
// request has in flight through the request's `CallScope`, and the dispatch listens to the call itself
// (`AbortSource`, which an AbortSignal also is).

/** What a dispatch listens to for an abort: an AbortSignal, or a `CallCancel` (one listener at a time). */
export interface AbortSource {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: { handleEvent(): void }): void;
  removeEventListener(type: 'abort', listener: { handleEvent(): void }): void;
}

/** Stops the calls it holds when it fires (the browser went away): one per request, however many calls. */
export interface CallScope {
  readonly aborted: boolean;
  readonly reason: unknown;
  add(call: CallCancel): void;
  delete(call: CallCancel): void;
}

/** The reason of a call stopped by its deadline. */
export const TIMED_OUT = Symbol('timedOut');

/** One call's cancellation: aborted once, by its deadline, its scope or its own signal, whichever comes first. */
export class CallCancel implements AbortSource {
  aborted = false;
  reason: unknown = undefined;
  #listener: { handleEvent(): void } | undefined = undefined;
  #controller: AbortController | undefined = undefined;
  // The deadline queue's links (a call is in one queue at most, until it settles or times out).
  deadline = 0;
  queue: DeadlineQueue | undefined = undefined;
  previous: CallCancel | undefined = undefined;
  next: CallCancel | undefined = undefined;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.#listener?.handleEvent();
    this.#controller?.abort(reason);
  }

  /** An AbortSignal the call listens to (`addEventListener(…, call)`): aborts the call with the signal's reason. */
  handleEvent(event: Event): void {
    this.abort((event.target as AbortSignal).reason);
  }

  addEventListener(_type: 'abort', listener: { handleEvent(): void }): void {
    this.#listener = listener;
  }

  removeEventListener(_type: 'abort', listener: { handleEvent(): void }): void {
    if (this.#listener === listener) this.#listener = undefined;
  }

  /** A real AbortSignal following this call, for an API that takes nothing else (a download's `request`). */
  signal(): AbortSignal {
    this.#controller ??= new AbortController();
    if (this.aborted) this.#controller.abort(this.reason);
    return this.#controller.signal;
  }
}

/**
 * The deadlines of the calls of one timeout length, in the order they started, which is their deadlines' order:
 * one Node timer, set for the earliest, stops each call whose deadline has passed. Adding and removing a call is a
 * link in a list; the timer is set again only when it fires.
 */
export class DeadlineQueue {
  readonly #ms: number;
  #head: CallCancel | undefined = undefined;
  #tail: CallCancel | undefined = undefined;
  #timer: ReturnType<typeof setTimeout> | undefined = undefined;

  constructor(ms: number) {
    this.#ms = ms;
  }

  /** Stops `call` with TIMED_OUT once `ms` have passed since `started` (performance.now()), unless removed first. */
  add(call: CallCancel, started: number): void {
    call.deadline = started + this.#ms;
    call.queue = this;
    call.previous = this.#tail;
    call.next = undefined;
    if (this.#tail) this.#tail.next = call;
    else this.#head = call;
    this.#tail = call;
    // A timer set is never later than the head's deadline: it was set for a call that started earlier.
    if (!this.#timer) this.#arm(this.#ms);
  }

  remove(call: CallCancel): void {
    if (call.queue !== this) return;
    if (call.previous) call.previous.next = call.next;
    else this.#head = call.next;
    if (call.next) call.next.previous = call.previous;
    else this.#tail = call.previous;
    call.queue = undefined;
    call.previous = undefined;
    call.next = undefined;
  }

  #arm(ms: number): void {
    // Unreferenced: a call in flight keeps the process alive by its socket; an idle queue keeps nothing.
    this.#timer = setTimeout(this.#fire, Math.max(1, Math.ceil(ms))).unref();
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    const now = performance.now();
    for (let call = this.#head; call && call.deadline <= now; call = this.#head) {
      this.remove(call);
      call.abort(TIMED_OUT);
    }
    if (this.#head) this.#arm(this.#head.deadline - now);
  };
}

const queues = new Map<number, DeadlineQueue>();

/** The process's one deadline queue for calls of this timeout length. */
export function deadlineQueue(ms: number): DeadlineQueue {
  let queue = queues.get(ms);
  if (!queue) {
    queue = new DeadlineQueue(ms);
    queues.set(ms, queue);
  }
  return queue;
}
