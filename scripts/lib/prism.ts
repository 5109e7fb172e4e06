// Starts Prism on a bundled contract (a mock, or a validation proxy in front of an upstream) on a free
// loopback port and stops it again.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface RunningPrism {
  url: string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPrism(contract: string, extraArgs: string[] = []): Promise<RunningPrism> {
  return runPrism(['mock', contract, ...extraArgs]);
}

/** `prism proxy`: forwards to `upstreamUrl` and checks requests and answers against the contract (`--errors` turns violations into error answers). */
export async function startPrismProxy(contract: string, upstreamUrl: string, extraArgs: string[] = []): Promise<RunningPrism> {
  return runPrism(['proxy', contract, upstreamUrl, ...extraArgs]);
}

async function runPrism(args: string[]): Promise<RunningPrism> {
  const port = await freePort();
  const child: ChildProcess = spawn('npx', ['prism', ...args, '--port', String(port), '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      }),
  };
}
