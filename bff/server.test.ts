// The real entry point in a child process: listens on a socket, answers, and shuts down on a signal.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FaultUpstream, startReadyUpstream } from './test-support/fault-upstream.ts';
import { redisServerForTests } from './test-support/test-redis.ts';
import { TEST_SECRET } from './test-support/test-server.ts';

interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

const children: ChildProcessWithoutNullStreams[] = [];
const redis = redisServerForTests();
// /readyz asks the legacy API: this one answers the readiness call.
let upstream: FaultUpstream;

function run(env: Record<string, string>): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['bff/server.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: '0', SESSION_SECRETS: TEST_SECRET, LEGACY_API_URL: upstream.url, ...env },
  });
  children.push(child);
  return child;
}

async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const child = run(env);
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    });
  });
  child.removeAllListeners('exit');
  return { child, url, output: () => output };
}

async function stop(server: RunningServer, signal: NodeJS.Signals): Promise<number | null> {
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  const [code] = await exited;
  return code;
}

beforeAll(async () => {
  upstream = await startReadyUpstream();
});
afterAll(() => upstream?.close());
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('bff/server.ts', () => {
  it('serves /healthz and /readyz over a real socket and stops cleanly on SIGTERM', async () => {
    const server = await startServer();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('strict-transport-security')).toContain('max-age=');
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    expect(await stop(server, 'SIGTERM')).toBe(0);
    const lines = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['shutting down', 'shut down']));
    expect(lines.every((line) => typeof line.level === 'string' && typeof line.time === 'string')).toBe(true);
  });

  it('closes its Redis connection on SIGINT and exits 0', async () => {
    const server = await startServer({ REDIS_URL: redis.url });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(await stop(server, 'SIGINT')).toBe(0);
  });

  it('writes its buffered log lines before it exits on a fatal error (port taken)', async () => {
    const first = await startServer();
    const child = run({ PORT: new URL(first.url).port });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({ level: 'fatal', msg: 'could not start', err: { code: 'EADDRINUSE' } });
    expect(await stop(first, 'SIGTERM')).toBe(0);
  });

  it('refuses to start with a bad configuration, naming every bad variable at once', async () => {
    const child = run({ PORT: 'eighty', NODE_ENV: 'production', SESSION_SECRETS: '', TRUST_PROXY: 'true', LEGACY_API_URL: '' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid configuration:\n/);
    expect(stderr).toContain('  - PORT must be a port number from 0 to 65535 (got "eighty")');
    for (const name of ['TRUST_PROXY', 'SESSION_SECRETS', 'LEGACY_API_URL', 'ALLOWED_ORIGINS']) expect(stderr).toContain(`  - ${name}`);
  });
});
