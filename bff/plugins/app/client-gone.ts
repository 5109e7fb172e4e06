// `request.clientGone`: an AbortSignal that fires when the browser goes away before its answer was sent,
// so upstream calls, batches and downloads stop working for nobody. One per request, made when first read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Aborted (with a ClientGoneError) when the connection closes before the answer is complete. */
    readonly clientGone: AbortSignal;
  }
}

export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the connection before the answer was sent.');
    this.name = 'ClientGoneError';
  }
}

const SIGNAL = Symbol('clientGone');
const REPLY = Symbol('reply');
type Tracked = FastifyRequest & { [SIGNAL]?: AbortSignal; [REPLY]?: FastifyReply };

// The response's 'close' also fires after a complete answer; only a close before the end means the client left.
// (The request's own 'close' fires as soon as its body has been read, so it cannot tell.)
function watch(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const abort = () => {
    if (!response.writableFinished) controller.abort(new ClientGoneError());
  };
  if (response.destroyed || request.raw.socket?.destroyed) abort();
  else response.once('close', abort);
  return controller.signal;
}

async function clientGone(fastify: FastifyInstance) {
  fastify.decorateRequest('clientGone', {
    getter(this: Tracked): AbortSignal {
      const reply = this[REPLY];
      if (!reply) throw new Error('request.clientGone read before the request was routed');
      this[SIGNAL] ??= watch(this, reply);
      return this[SIGNAL];
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
