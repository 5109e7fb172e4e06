// Runs a throwaway redis-server on a free loopback port for tests (Debian package `redis-server`), and
// the faults an operator meets: stopped, hung (SIGSTOP), restarted with or without persistence.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningRedis {
  url: string;
  /** Stops the server (SIGTERM; with persistence it writes its data first). */
  stop: () => Promise<void>;
  /** Starts it again on the same port (and data directory). */
  restart: () => Promise<void>;
  /** Hangs it: the connections stay open, nothing answers (SIGSTOP). */
  pause: () => void;
  /** Lets a hung server go on (SIGCONT). */
  resume: () => void;
}

export interface RedisServerOptions {
  /** Append-only file with fsync on every write, as a production setting would keep sessions across a restart. */
  persistence?: boolean;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

async function spawnRedis(args: string[]): Promise<ChildProcess> {
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.on('error', (error) => reject(new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`)));
    child.on('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return child;
}

export async function startRedis({ persistence = false }: RedisServerOptions = {}): Promise<RunningRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'coachportal-redis-'));
  const storage = persistence ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', ...storage];
  let child = await spawnRedis(args);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    restart: async () => {
      await stop();
      child = await spawnRedis(args);
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
}
