// An AbortSignal that fires when the browser goes away before its answer was sent, so a batch or a
// download stops fanning out to the legacy API for nobody.
import type { FastifyReply, FastifyRequest } from 'fastify';

export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the connection before the answer was sent.');
    this.name = 'ClientGoneError';
  }
}

// The response's 'close' also fires after a complete answer; only a close before the end means the client left.
// (The request's own 'close' fires as soon as its body has been read, so it cannot tell.)
export function abortOnClientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const abort = () => {
    if (!response.writableFinished) controller.abort(new ClientGoneError());
  };
  if (response.destroyed || request.raw.socket?.destroyed) abort();
  else response.once('close', abort);
  return controller.signal;
}
