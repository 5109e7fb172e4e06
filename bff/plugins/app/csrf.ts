// CSRF defence for the JSON API: every state-changing /api call must carry `X-CSRF: 1` (a
// header a cross-site form or simple request cannot set) and, when the browser sends an Origin, one of
// ALLOWED_ORIGINS. Runs before the session is loaded, so a refused request touches nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { problem } from '../../problem.ts';

export interface CsrfOptions {
  allowedOrigins: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Checked on the route the router chose, not on the raw URL, which missed spellings the router decodes (`/%61pi/…`).
function refusal(request: FastifyRequest, allowed: ReadonlySet<string>): string | null {
  if (SAFE_METHODS.has(request.method) || !request.routeOptions.url?.startsWith('/api/')) return null;
  if (request.headers['x-csrf'] !== '1') return 'missing X-CSRF header';
  const origin = request.headers.origin;
  if (origin !== undefined && !allowed.has(origin)) return 'origin not allowed';
  return null;
}

async function csrf(fastify: FastifyInstance, { allowedOrigins }: CsrfOptions) {
  const allowed = new Set(allowedOrigins);
  // A callback hook: no promise on every request, most of which pass.
  fastify.addHook('onRequest', (request, _reply, done) => {
    const reason = refusal(request, allowed);
    if (!reason) return done();
    request.log.warn(
      { method: request.method, route: request.routeOptions.url ?? null, origin: request.headers.origin ?? null, reason },
      'CSRF check refused the request',
    );
    done(problem(403, 'csrf_required', 'This request was refused.', 'Forbidden'));
  });
}

export default fp(csrf, { name: 'csrf', dependencies: ['problems'] });
