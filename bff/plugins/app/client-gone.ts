// `request.clientGone`: an AbortSignal that fires when the browser goes away before its answer was sent,
// so upstream calls, batches and downloads stop working for nobody; `request.clientGoneScope`, the same
// event for the legacy calls in flight, without an AbortSignal or a listener per call (the legacy client's
// `scope`). One watch per request, made when first read; its AbortSignal only when asked for.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CallCancel, CallScope } from '../../upstream/call-cancel.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Aborted (with a ClientGoneError) when the connection closes before the answer is complete. */
    readonly clientGone: AbortSignal;
    /** Stops the legacy calls it holds (with a ClientGoneError) when the connection closes before the answer is complete. */
    readonly clientGoneScope: CallScope;
  }
}

export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the connection before the answer was sent.');
    this.name = 'ClientGoneError';
  }
}

/** The browser leaving, told to the calls in flight and to the AbortSignal of whoever asked for one. */
class ClientWatch implements CallScope {
  aborted = false;
  reason: unknown = undefined;
  #calls: Set<CallCancel> | undefined = undefined;
  #controller: AbortController | undefined = undefined;

  add(call: CallCancel): void {
    this.#calls ??= new Set();
    this.#calls.add(call);
  }

  delete(call: CallCancel): void {
    this.#calls?.delete(call);
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  gone(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = new ClientGoneError();
    const calls = this.#calls ? [...this.#calls] : [];
    this.#calls = undefined;
    for (const call of calls) call.abort(this.reason);
    this.#controller?.abort(this.reason);
  }
}

const WATCH = Symbol('clientWatch');
const REPLY = Symbol('reply');
type Tracked = FastifyRequest & { [WATCH]?: ClientWatch; [REPLY]?: FastifyReply };

// The response's 'close' also fires after a complete answer; only a close before the end means the client left.
// (The request's own 'close' fires as soon as its body has been read, so it cannot tell.)
function watch(request: FastifyRequest, reply: FastifyReply): ClientWatch {
  const watcher = new ClientWatch();
  const response = reply.raw;
  if (response.destroyed || request.raw.socket?.destroyed) {
    if (!response.writableFinished) watcher.gone();
  } else {
    // 'close' comes once: no `once` wrapper.
    response.on('close', () => {
      if (!response.writableFinished) watcher.gone();
    });
  }
  return watcher;
}

function watchOf(request: Tracked): ClientWatch {
  const reply = request[REPLY];
  if (!reply) throw new Error('request.clientGone read before the request was routed');
  request[WATCH] ??= watch(request, reply);
  return request[WATCH];
}

async function clientGone(fastify: FastifyInstance) {
  fastify.decorateRequest('clientGone', {
    getter(this: Tracked): AbortSignal {
      return watchOf(this).signal;
    },
  });
  fastify.decorateRequest('clientGoneScope', {
    getter(this: Tracked): CallScope {
      return watchOf(this);
    },
  });
  // A plain property, not a WeakMap: V8's young-generation GC keeps a WeakMap's entries (and all a request
  // and its reply reach) alive until the next full GC, which promoted ≈ 10 KB per request to the old space.
  fastify.addHook('onRequest', (request: Tracked, reply, done) => {
    request[REPLY] = reply;
    done();
  });
}

export default fp(clientGone, { name: 'client-gone' });
