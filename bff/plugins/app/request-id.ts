// Sends the request id back (`x-request-id`), so a user can quote it and support can find the log lines.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function requestId(fastify: FastifyInstance) {
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

export default fp(requestId, { name: 'request-id' });
