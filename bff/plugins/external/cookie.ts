// Cookie parsing and signing; the first secret signs, every secret verifies (rotation).
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface CookieOptions {
  secrets: readonly string[];
}

async function cookies(fastify: FastifyInstance, { secrets }: CookieOptions) {
  await fastify.register(cookie, { secret: [...secrets] });
}

export default fp(cookies, { name: 'cookies' });
