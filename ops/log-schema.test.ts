// The log line schema in ops/README.md ("Log lines") against real lines: a BFF in front of the in-process
// sandbox writes its request, upstream, rate-limit and audit lines, runBatch its batch lines; every field of a
// documented line is in its table (or the common one), every "always" field is there, every line of a request
// that came with a traceparent carries its trace id, and no audit line holds a name or an e-mail address.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../bff/app.ts';
import { runBatch } from '../bff/batch/run-batch.ts';
import { SESSION_COOKIE } from '../bff/plugins/app/session.ts';
import { sessionEnded } from '../bff/problem.ts';
import { type CapturedLogs, captureLogs, testConfig } from '../bff/test-support/test-server.ts';
import { buildSandbox } from '../sandbox/app.ts';
import { DEMO_PASSWORD, SEED_COACHES } from '../sandbox/seed/accounts.ts';
import { seedStore } from '../sandbox/seed/seed.ts';

type Line = Record<string, unknown>;
interface Kind {
  fields: Map<string, boolean>;
}

/** The tables of "## Log lines": the common fields, and each `#### \`msg\`` heading's fields (true: always there). */
function documentedSchema(): { common: Map<string, boolean>; kinds: Map<string, Kind> } {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Log lines'));
  const common = new Map<string, boolean>();
  const kinds = new Map<string, Kind>();
  let current: Map<string, boolean> = common;
  for (const line of section.split('\n')) {
    if (line.startsWith('#### ')) {
      current = new Map();
      for (const [, msg] of line.matchAll(/`([^`]+)`/g)) if (msg) kinds.set(msg, { fields: current });
      continue;
    }
    if (line.startsWith('### ')) current = new Map();
    const row = /^\| `([^`]+)` \| [^|]+ \| ([^|]+) \|/.exec(line);
    if (row?.[1] && row[2]) current.set(row[1], row[2].trim() === 'always');
  }
  return { common, kinds };
}

/** A line's field paths: `a.b`, `a[].b` for arrays of objects. */
function paths(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = `${prefix}${key}`;
    if (Array.isArray(inner)) {
      const objects = inner.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
      return objects.length > 0 ? objects.flatMap((item) => paths(item, `${path}[].`)) : [path];
    }
    if (inner && typeof inner === 'object') return paths(inner as Record<string, unknown>, `${path}.`);
    return [path];
  });
}

const documented = (fields: Map<string, boolean>, path: string) =>
  fields.has(path) || [...fields.keys()].some((field) => field.endsWith('.*') && path.startsWith(field.slice(0, -1)));

const CSRF = { 'x-csrf': '1', origin: 'http://localhost:3000' };
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('log lines', () => {
  const schema = documentedSchema();
  let sandbox: FastifyInstance;
  let server: FastifyInstance;
  let logs: CapturedLogs;
  let batchLogs: CapturedLogs;

  beforeAll(async () => {
    sandbox = await buildSandbox({ store: seedStore({ now: Date.now(), assessments: 8 }) });
    const sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    logs = captureLogs('info');
    server = buildServer(testConfig({ LEGACY_API_URL: sandboxUrl }), { logger: logs.logger });
    await server.ready();

    const signIn = (password: string, traced = false) =>
      server.inject({
        method: 'POST',
        url: '/api/session',
        headers: traced ? { ...CSRF, traceparent: TRACEPARENT } : CSRF,
        payload: { email: SEED_COACHES.demo.email, password },
      });
    const signedIn = await signIn(DEMO_PASSWORD, true);
    const cookies = { [SESSION_COOKIE]: signedIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '' };
    const listed = await server.inject({ url: '/api/assessments', cookies, headers: { traceparent: TRACEPARENT } });
    const ids = (listed.json() as { items: Array<{ id: string; receivedFromAnotherCoach: boolean }> }).items
      .filter((row) => !row.receivedFromAnotherCoach)
      .slice(0, 2)
      .map((row) => row.id);
    await server.inject({
      method: 'POST',
      url: '/api/assessments/deletions',
      headers: { ...CSRF, traceparent: TRACEPARENT, 'idempotency-key': 'log-schema-key-0001' },
      cookies,
      payload: { ids },
    });
    await server.inject({ method: 'DELETE', url: '/api/session', headers: CSRF, cookies });
    for (let attempt = 0; attempt < 6; attempt += 1) await signIn('wrong-password');

    // The batch lines, from the one fan-out every multi-select action uses.
    batchLogs = captureLogs('info');
    const items = [1, 2, 3, 4].map((n) => ({ id: `item-${n}`, name: `Client ${n}` }));
    await runBatch(
      items,
      async (item) => {
        if (item.id === 'item-2') throw new Error('socket hang up');
      },
      { log: batchLogs.logger, concurrency: 1 },
    );
    const stop = new AbortController();
    await runBatch(
      items,
      async (item) => {
        if (item.id === 'item-2') stop.abort();
      },
      { log: batchLogs.logger, concurrency: 1, signal: stop.signal },
    );
    await runBatch(
      items,
      async (item) => {
        if (item.id === 'item-2') throw sessionEnded();
      },
      { log: batchLogs.logger, concurrency: 1 },
    ).catch(() => undefined);
  });
  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  it('documents the common fields and each line kind', () => {
    expect([...schema.common.keys()]).toEqual(expect.arrayContaining(['level', 'time', 'msg', 'requestId', 'traceId']));
    expect([...schema.kinds.keys()]).toEqual(
      expect.arrayContaining([
        'request completed',
        'request errored',
        'coach action',
        'batch cancelled',
        'batch stopped: the upstream session ended',
        'batch item failed unexpectedly',
      ]),
    );
  });

  it('writes only documented fields, and every field documented as always', () => {
    const lines = [...logs.lines(), ...batchLogs.lines()] as Line[];
    const seen = new Set<string>();
    for (const line of lines) {
      const kind = schema.kinds.get(String(line.msg));
      for (const [field, always] of schema.common) if (always) expect(line, `${field} of ${line.msg}`).toHaveProperty(field);
      if (!kind) continue;
      seen.add(String(line.msg));
      for (const path of paths(line)) {
        expect(documented(schema.common, path) || documented(kind.fields, path), `${line.msg}: ${path} is not documented`).toBe(true);
      }
      for (const [field, always] of kind.fields) {
        if (always && !field.endsWith('.*')) expect(paths(line), `${line.msg}: ${field}`).toContain(field);
      }
    }
    expect([...seen].sort()).toEqual(
      [
        'batch cancelled',
        'batch item failed unexpectedly',
        'batch stopped: the upstream session ended',
        'coach action',
        'request completed',
      ].sort(),
    );
  });

  it('has the upstream and rate-limit fields on the request lines that have them', () => {
    const completed = (logs.lines() as Line[]).filter((line) => line.msg === 'request completed');
    const listing = completed.find((line) => line.route === '/api/assessments');
    expect(listing).toMatchObject({ upstream: { calls: expect.any(Number), detail: expect.any(Array) } });
    expect(JSON.stringify(listing)).not.toMatch(/[?&]t=\d/);
    const refused = completed.find((line) => line.statusCode === 429);
    expect(refused).toMatchObject({ rateLimit: { limit: 'sign-in-email', key: expect.stringMatching(/^[0-9a-f]{16}$/) } });
  });

  it('writes one audit line per coach action, without names or e-mail addresses', () => {
    const audits = (logs.lines() as Line[]).filter((line) => line.msg === 'coach action').map((line) => line.audit);
    expect(audits).toEqual([
      {
        operation: 'deleteAssessments',
        coachId: expect.any(String),
        statusCode: 200,
        requested: 2,
        succeeded: 2,
        failed: 0,
        notAttempted: 0,
      },
      { operation: 'deleteSession', coachId: expect.any(String), statusCode: 200, requested: 1, succeeded: 1, failed: 0 },
    ]);
    for (const audit of audits) expect(JSON.stringify(audit)).not.toMatch(/@|Client|Demo/i);
  });

  it('reads well through npm run logs (pino-pretty)', async () => {
    const script = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> })
      .scripts.logs;
    const [command = '', ...args] = (script ?? '').split(' ');
    expect(command).toBe('pino-pretty');
    const line = (logs.lines() as Line[]).find((candidate) => candidate.msg === 'coach action');
    const child = promisify(execFile)(new URL(`../node_modules/.bin/${command}`, import.meta.url).pathname, [
      ...args,
      '--colorize',
      'false',
    ]);
    child.child.stdin?.end(`${JSON.stringify(line)}\nnot a JSON line\n`);
    const { stdout } = await child;
    expect(stdout).toMatch(/^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} [^\]]+\] INFO: coach action$/m);
    expect(stdout).toContain(`requestId: "${String(line?.requestId)}"`);
    expect(stdout).toContain('"operation": "deleteAssessments"');
    expect(stdout).not.toContain('pid:');
    expect(stdout).toContain('not a JSON line');
  });

  it('puts the trace id of a traceparent on every line of that request, and none on the others', () => {
    const lines = logs.lines() as Line[];
    const traced = new Set(lines.filter((line) => line.traceId === TRACE_ID).map((line) => line.requestId));
    expect(traced.size).toBe(3);
    for (const line of lines.filter((candidate) => traced.has(candidate.requestId))) expect(line.traceId).toBe(TRACE_ID);
    expect(lines.filter((line) => line.requestId && !traced.has(line.requestId)).every((line) => line.traceId === undefined)).toBe(true);
  });
});
