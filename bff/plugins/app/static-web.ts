// The built web client (web/dist, `npm run build:web`) under /coachportal/, with the SPA fallback: a
// GET under /coachportal/ that is not a file answers index.html (never cached), so the client's router
// handles every portal route; Vite's content-hashed files under assets/ are cached for a year.
// Without a build, the portal's pages answer 503 saying so; the API keeps working.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { problem } from '../../problem.ts';
import { withStyleNonce } from '../external/helmet.ts';

export interface StaticWebOptions {
  /** The Vite build output (config WEB_DIST_DIR). */
  distDir: string;
}

export const PORTAL_PREFIX = '/coachportal';
/** Where the portal's root sends a visitor (spec public-and-guest §2: all routes under /coachportal). */
export const PORTAL_START = `${PORTAL_PREFIX}/login`;
const ASSETS = `${PORTAL_PREFIX}/assets/`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'The web client is not built: run npm run build:web, then reload this page.';
const NO_FILE = 'The page or record could not be found.';
// The build's source maps and Vite's manifest stay on disk (error reporting, the budget check), never public.
const isPrivateBuildFile = (path: string) => path.endsWith('.map') || path.includes('/.vite/');

/** The path as the file server reads it (decoded), so no spelling of a private file falls through to the page. */
function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

// spec public-and-guest §9: the built portal version stamp, when no build says otherwise.
export const DEFAULT_PORTAL_VERSION = '20251030t113749';

/** The version stamp of the client build in `distDir` (written by web/vite.config.ts), or the default without one. */
export function builtPortalVersion(distDir: string): string {
  try {
    const stamp = readFileSync(join(distDir, 'portal-version.txt'), 'utf8').trim();
    return /^[0-9]{8}t[0-9]{6}$/.test(stamp) ? stamp : DEFAULT_PORTAL_VERSION;
  } catch {
    return DEFAULT_PORTAL_VERSION;
  }
}

async function staticWeb(fastify: FastifyInstance, { distDir }: StaticWebOptions) {
  const assetsDir = join(distDir, 'assets') + sep;

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    let html: string;
    try {
      // Read at each request: small, cached by the OS, and a build made after the BFF started is served.
      html = await readFile(join(distDir, 'index.html'), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      request.log.warn({ distDir }, 'web client not built: index.html is missing');
      reply.header('retry-after', '60');
      throw problem(503, 'web_client_not_built', NOT_BUILT);
    }
    // A fresh nonce per page: react-aria reads <meta name="csp-nonce"> for the <style> elements it adds.
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      const nonce = randomBytes(16).toString('base64');
      reply.header('content-security-policy', withStyleNonce(policy, nonce));
      html = html.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`);
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  fastify.get('/', (_request, reply) => reply.redirect(PORTAL_START, 302));
  fastify.get(PORTAL_PREFIX, (_request, reply) => reply.redirect(`${PORTAL_PREFIX}/`, 301));

  await fastify.register(
    async (web) => {
      await web.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        index: false,
        // The index is only ever the SPA fallback (templated, never cached).
        allowedPath: (pathname) => pathname !== '/index.html' && !isPrivateBuildFile(pathname),
        cacheControl: false,
        // No build yet is a state the 503 reports, not a start-up warning.
        suppressWarning: true,
        setHeaders: (reply, path) => {
          reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
        },
      });
      web.get('/', { prefixTrailingSlash: 'slash' }, sendIndex);
      // Not a file: a portal route of the client, except a missing hashed file (a stale page after a
      // deploy must fail loudly, not receive HTML as its script).
      web.setNotFoundHandler(async (request, reply) => {
        const path = decodedPath(request.url);
        if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith(ASSETS) || isPrivateBuildFile(path)) {
          throw problem(404, 'not_found', NO_FILE);
        }
        return sendIndex(request, reply);
      });
    },
    { prefix: PORTAL_PREFIX },
  );
}

export default fp(staticWeb, { name: 'static-web', dependencies: ['problems'] });
