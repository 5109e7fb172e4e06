// The built web client under /coachportal/ with the SPA fallback, from a temporary dist folder.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { problemViolations } from '../../test-support/contract.ts';
import { testConfig } from '../../test-support/test-server.ts';
import problems from './problems.ts';
import staticWeb, { builtPortalVersion, DEFAULT_PORTAL_VERSION } from './static-web.ts';

const INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Coach Portal</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const SCRIPT = 'console.log("portal");';

let dist: string;
let built: FastifyInstance;
let unbuilt: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js'), SCRIPT);
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js.map'), '{"version":3,"sources":["../src/main.tsx"]}');
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-3f9a1c.js","isEntry":true}}');
  built = buildServer(testConfig({ WEB_DIST_DIR: dist, LEGACY_API_URL: 'http://127.0.0.1:1' }));
  unbuilt = buildServer(testConfig({ WEB_DIST_DIR: join(dist, 'missing'), LEGACY_API_URL: 'http://127.0.0.1:1' }));
  await Promise.all([built.ready(), unbuilt.ready()]);
});
afterAll(async () => {
  await Promise.all([built.close(), unbuilt.close()]);
  await rm(dist, { recursive: true, force: true });
});

describe('the built web client', () => {
  it.each([
    '/coachportal/',
    '/coachportal/login',
    '/coachportal/reports/e/a55e55e0-0000-4000-8000-000000000007?language=slovak',
    '/coachportal/clients/',
  ])('answers index.html, never cached, for the client route %s', async (url) => {
    const response = await built.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    // The page as built, with this answer's style nonce for react-aria (see below).
    expect(response.body.replace(/\n {4}<meta name="csp-nonce" content="[^"]+" \/>/, '')).toBe(INDEX);
    // The security headers apply to the page.
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the hashed assets with long immutable caching, and other files revalidated', async () => {
    const script = await built.inject({ method: 'GET', url: '/coachportal/assets/index-3f9a1c.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(SCRIPT);
    const icon = await built.inject({ method: 'GET', url: '/coachportal/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves index.html only as the fallback', async () => {
    const direct = await built.inject({ method: 'GET', url: '/coachportal/index.html' });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed file with a 404 problem, not the page', async () => {
    const missing = await built.inject({ method: 'GET', url: '/coachportal/assets/index-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(problemViolations(missing.body)).toEqual([]);
  });

  it.each(['/coachportal/assets/index-3f9a1c.js.map', '/coachportal/.vite/manifest.json', '/coachportal/%2evite/manifest.json'])(
    'keeps the source maps and the manifest private: %s is a 404 problem',
    async (url) => {
      const response = await built.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(problemViolations(response.body)).toEqual([]);
      expect(response.body).not.toContain('sources');
      expect(response.body).not.toContain('isEntry');
    },
  );

  it('never serves files outside the build', async () => {
    for (const url of ['/coachportal/../package.json', '/coachportal/%2e%2e/package.json', '/coachportal/..%2fpackage.json']) {
      const response = await built.inject({ method: 'GET', url });
      expect(response.body).not.toContain('"name": "coach-portal"');
    }
  });

  it('redirects / to the login page and /coachportal to /coachportal/', async () => {
    const root = await built.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/coachportal/login');
    const bare = await built.inject({ method: 'GET', url: '/coachportal' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/coachportal/');
  });

  it('leaves /api to the API: an unknown API path is a 404 problem', async () => {
    const response = await built.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('refuses other methods under /coachportal/ with a 404 problem', async () => {
    const response = await built.inject({ method: 'POST', url: '/coachportal/login', headers: { 'x-csrf': '1' } });
    expect(response.statusCode).toBe(404);
    expect(problemViolations(response.body)).toEqual([]);
  });
});

describe('with a content security policy', () => {
  it('gives each page a fresh style nonce, in the policy and in <meta name="csp-nonce"> for react-aria', async () => {
    const server = Fastify();
    await server.register(problems);
    server.addHook('onRequest', (_request, reply, done) => {
      reply.header('content-security-policy', "default-src 'self';script-src 'self';style-src 'self';object-src 'none'");
      done();
    });
    await server.register(staticWeb, { distDir: dist });
    try {
      const [first, second] = await Promise.all([
        server.inject({ method: 'GET', url: '/coachportal/login' }),
        server.inject({ method: 'GET', url: '/coachportal/register/x' }),
      ]);
      const nonceOf = (body: string) => /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})" \/>/.exec(body)?.[1];
      const nonce = nonceOf(first.body);
      expect(nonce).toBeDefined();
      expect(first.headers['content-security-policy']).toBe(
        `default-src 'self';script-src 'self';style-src 'self' 'nonce-${nonce}';object-src 'none'`,
      );
      expect(nonceOf(second.body)).not.toBe(nonce);
      // Files keep the plain policy: only the page carries a nonce.
      const asset = await server.inject({ method: 'GET', url: '/coachportal/assets/index-3f9a1c.js' });
      expect(asset.headers['content-security-policy']).toBe("default-src 'self';script-src 'self';style-src 'self';object-src 'none'");
    } finally {
      await server.close();
    }
  });
});

describe('without a build', () => {
  it.each(['/coachportal/', '/coachportal/login'])('answers %s with a 503 problem saying how to build it', async (url) => {
    const response = await unbuilt.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toMatchObject({
      code: 'web_client_not_built',
      detail: 'The web client is not built: run npm run build:web, then reload this page.',
    });
    expect(response.headers['retry-after']).toBe('60');
    expect(problemViolations(response.body)).toEqual([]);
  });

  it('keeps the API working', async () => {
    expect((await unbuilt.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('builtPortalVersion', () => {
  it("is the build's stamp, or the spec's default without a build or with a stamp that is not one", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-version-'));
    try {
      expect(builtPortalVersion(dir)).toBe(DEFAULT_PORTAL_VERSION);
      await writeFile(join(dir, 'portal-version.txt'), '20260101t090000\n');
      expect(builtPortalVersion(dir)).toBe('20260101t090000');
      await writeFile(join(dir, 'portal-version.txt'), '<script>');
      expect(builtPortalVersion(dir)).toBe(DEFAULT_PORTAL_VERSION);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
