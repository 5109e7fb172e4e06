// The soak run's processes: one redis-server, the sandbox and two BFF instances, each a child of this process
// with its output in a log file of the run. Each can be killed and started again on the same port (the chaos
// run does), and its resident memory is read from /proc, outside the process measured.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 60_000;
/** Where Debian's package puts it; `redis-server` on the PATH otherwise. */
export const REDIS_SERVER = process.env.SOAK_REDIS_SERVER ?? 'redis-server';

export interface ManagedProcess {
  readonly name: string;
  readonly url: string;
  /** The running process's id (a new one after a restart); 0 while it is down. */
  pid(): number;
  /** Kills it with `signal` and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts it again with the same port, environment (and, for Redis, data directory); answers when it is ready. */
  start(): Promise<void>;
  /** Ends it (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** How many times it exited without being asked to (a crash). */
  unexpectedExits(): number;
}

interface Spec {
  name: string;
  url: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Resolves once the process serves (a line it prints, or an HTTP probe). */
  ready: (child: ChildProcess, output: () => string) => Promise<void>;
}

function managed(spec: Spec, log: WriteStream): ManagedProcess {
  let child: ChildProcess | undefined;
  let expectingExit = false;
  let unexpected = 0;

  const start = async () => {
    expectingExit = false;
    let output = '';
    const started = spawn(spec.command, spec.args, {
      cwd: ROOT,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const write = (chunk: Buffer) => {
      if (output.length < 20_000) output += chunk.toString();
      log.write(`[${spec.name}] ${chunk}`);
    };
    started.stdout?.on('data', write);
    started.stderr?.on('data', write);
    started.on('exit', (code, signal) => {
      log.write(`[soak] ${spec.name} exited (${signal ?? code})\n`);
      if (!expectingExit) unexpected++;
    });
    const exited = new Promise<never>((_, reject) => {
      started.once('error', (error) => reject(new Error(`${spec.name} could not start: ${error.message}`)));
      started.once('exit', (code) => reject(new Error(`${spec.name} exited with ${code} before it was ready:\n${output.slice(-2000)}`)));
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${spec.name} was not ready within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    });
    try {
      await Promise.race([spec.ready(started, () => output), exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const kill = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    expectingExit = true;
    const exited = once(running, 'exit');
    if (signal !== 'SIGKILL') running.kill('SIGCONT');
    running.kill(signal);
    await exited;
  };

  return {
    name: spec.name,
    url: spec.url,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? (child.pid ?? 0) : 0),
    kill,
    start,
    stop: async () => {
      const timer = setTimeout(() => child?.kill('SIGKILL'), 5_000);
      await kill('SIGTERM');
      clearTimeout(timer);
    },
    unexpectedExits: () => unexpected,
  };
}

/** Polls `url` until it answers `status`. */
async function httpReady(url: string, status = 200): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface RedisOptions {
  port: number;
  dir: string;
}

/**
 * Redis as bff/README.md recommends for production: an append-only file (`appendfsync everysec`), no eviction.
 * A restart reads the same data directory back, so sessions, counters, jobs and idempotency records survive it.
 */
export function redisProcess({ port, dir }: RedisOptions, log: WriteStream): ManagedProcess {
  return managed(
    {
      name: 'redis',
      url: `redis://127.0.0.1:${port}`,
      command: REDIS_SERVER,
      args: [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--maxmemory-policy',
        'noeviction',
      ],
      ready: (_child, output) =>
        new Promise<void>((resolve) => {
          const timer = setInterval(() => {
            if (output().includes('Ready to accept connections')) {
              clearInterval(timer);
              resolve();
            }
          }, 20);
        }),
    },
    log,
  );
}

export function sandboxProcess(port: number, env: NodeJS.ProcessEnv, log: WriteStream): ManagedProcess {
  const url = `http://127.0.0.1:${port}`;
  return managed(
    {
      name: 'sandbox',
      url,
      command: process.execPath,
      args: [join(ROOT, 'sandbox/server.ts')],
      env: { SANDBOX_PORT: String(port), SANDBOX_HOST: '127.0.0.1', ...env },
      ready: () => httpReady(`${url}/__sandbox/outbox?to=ready@soak.test`),
    },
    log,
  );
}

export function bffProcess(name: string, port: number, env: NodeJS.ProcessEnv, log: WriteStream): ManagedProcess {
  const url = `http://127.0.0.1:${port}`;
  return managed(
    {
      name,
      url,
      command: process.execPath,
      args: [join(ROOT, 'bff/server.ts')],
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      // Ready: listening and Redis reachable.
      ready: () => httpReady(`${url}/readyz`),
    },
    log,
  );
}

export function logStream(dir: string): WriteStream {
  return createWriteStream(join(dir, 'processes.log'), { flags: 'a' });
}
