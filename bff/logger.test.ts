import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import { createBufferedLogger, LOG_BUFFER_BYTES, REDACTED_PATHS } from './logger.ts';
import { SESSION_COOKIE } from './plugins/app/session.ts';
import { type CapturedLogs, captureLogs, TEST_SECRET, testConfig } from './test-support/test-server.ts';

const FIXTURE = {
  password: 'Fixture-Passw0rd!',
  newPassword: 'Fixture-NewPassw0rd!',
  twoFactorCode: '493817',
  resetCode: 'RST-8842-XQ',
  token: 'tok_9f8e7d6c5b4a',
  legacyCookie: 'JSESSIONID=legacy-9c7b2e',
  bearer: 'Bearer eyJhbGciOiJIUzI1NiJ9.fixture',
  totpSecret: 'JBSWY3DPFIXTURE7Q',
  legacyTwoFactor: '771204',
};

let server: FastifyInstance;
let logs: CapturedLogs;
let sessionCookie = '';

beforeAll(async () => {
  logs = captureLogs('trace');
  server = buildServer(testConfig(), { logger: logs.logger });
  server.register(async (routes) => {
    routes.post('/login', async (request) => {
      request.log.info({ body: request.body }, 'login attempt');
      await request.startSession({
        legacyCookie: FIXTURE.legacyCookie,
        coachId: 'coach-1',
        flags: { impersonator: false, assisted: false },
      });
      return { ok: true };
    });
    routes.post('/reset/:token', async (request) => {
      request.log.info({ headers: request.headers, params: request.params, query: request.query, body: request.body }, 'reset attempt');
      request.log.info({ session: request.session }, 'session read');
      request.log.info({ legacyCookie: request.session?.legacyCookie }, 'legacy cookie');
      throw new Error('reset failed');
    });
  });
  await server.ready();

  const login = await server.inject({
    method: 'POST',
    url: '/login',
    payload: { email: 'coach@example.com', password: FIXTURE.password, twoFactorCode: FIXTURE.twoFactorCode },
  });
  sessionCookie = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  await server.inject({
    method: 'POST',
    url: `/reset/${FIXTURE.token}?code=${FIXTURE.resetCode}&token=${FIXTURE.token}`,
    headers: { authorization: FIXTURE.bearer, cookie: `${SESSION_COOKIE}=${sessionCookie}; legacy=${FIXTURE.legacyCookie}` },
    payload: {
      code: FIXTURE.resetCode,
      resetcode: FIXTURE.resetCode,
      newPassword: FIXTURE.newPassword,
      token: FIXTURE.token,
      twoFactorToken: FIXTURE.legacyTwoFactor,
      secret: FIXTURE.totpSecret,
    },
  });
  await server.inject(`/nowhere/${FIXTURE.token}?token=${FIXTURE.token}`);
  await server.inject('/healthz');
});
afterAll(() => server.close());

describe('logs', () => {
  it('never contain a fixture secret', () => {
    const text = logs.text();
    expect(text).toContain('reset attempt');
    expect(sessionCookie).not.toBe('');
    for (const secret of [...Object.values(FIXTURE), sessionCookie, sessionCookie.split('.')[0] ?? '', TEST_SECRET]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('write one line per request (probes excepted) with request id, route, status and duration', () => {
    const completed = logs.lines().filter((line) => line.msg === 'request completed');
    expect(completed.map(({ method, route, statusCode }) => ({ method, route, statusCode }))).toEqual([
      { method: 'POST', route: '/login', statusCode: 200 },
      { method: 'POST', route: '/reset/:token', statusCode: 500 },
      { method: 'GET', route: null, statusCode: 404 },
    ]);
    for (const line of completed) {
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.durationMs).toEqual(expect.any(Number));
      expect(line.level).toBe('info');
    }
    expect(new Set(completed.map((line) => line.requestId)).size).toBe(3);
  });

  it('redact by literal paths only: no wildcard walks every line', () => {
    expect(REDACTED_PATHS.filter((path) => path.includes('*'))).toEqual([]);
  });

  it('keep error codes that are not request data', () => {
    const failed = logs.lines().find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({ code: 'internal_error', err: { message: 'reset failed' } });
  });
});

describe("createBufferedLogger (the server's logger)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'bff-logs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

  it('writes the lines in 4 KiB chunks, not one write per line', async () => {
    const file = join(dir, 'chunks.log');
    const logger = createBufferedLogger('info', file);
    // pino keeps its destination under this symbol; the test watches its writes.
    const destination = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as ReturnType<typeof pino.destination>;
    await once(destination, 'ready');
    const writes: number[] = [];
    destination.on('write', (bytes: number) => writes.push(bytes));
    const written = once(destination, 'write');
    for (let line = 0; line < 100; line++) logger.info({ route: '/api/session' }, 'request completed');
    await written;
    expect(writes[0]).toBeGreaterThanOrEqual(LOG_BUFFER_BYTES);
    destination.flushSync();
    expect(read(file).trim().split('\n')).toHaveLength(100);
    destination.end();
  });

  it.each([
    ['process.exit', 'process.exit(3)', 3],
    ['an uncaught exception', "setTimeout(() => { throw new Error('boom'); })", 1],
  ])('loses no buffered line on %s', async (_name, exit, code) => {
    // As in production: the logger writes to stdout, here a file.
    const file = join(dir, `exit-${code}.log`);
    const stdout = openSync(file, 'w');
    const script = [
      `import { createBufferedLogger } from ${JSON.stringify(new URL('./logger.ts', import.meta.url).href)};`,
      "const logger = createBufferedLogger('info');",
      "logger.info('the last line before the end');",
      exit,
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', stdout, 'ignore'] });
    closeSync(stdout);
    const [exitCode] = await once(child, 'exit');
    expect(exitCode).toBe(code);
    expect(read(file)).toContain('the last line before the end');
  });
});
