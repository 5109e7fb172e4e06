// Sends the request id back (`x-request-id`), so a user can quote it and support can find the log lines.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function requestId(fastify: FastifyInstance) {
  // A callback hook: no promise per request.
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

export default fp(requestId, { name: 'request-id' });
