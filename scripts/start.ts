// `npm start`: runs the sandbox (the demo stand-in for the legacy API) and the BFF pointed at it,
// waits until both answer, and prints the URLs and the demo logins. Ctrl+C stops both.
// The web client (issue 5) is not built yet; until then the BFF's API is what there is to use.
import { type ChildProcess, spawn } from 'node:child_process';

const SANDBOX_PORT = process.env.SANDBOX_PORT ?? '4010';
const PORT = process.env.PORT ?? '3000';
const sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`;
const bffUrl = `http://localhost:${PORT}`;

const children: ChildProcess[] = [];
function run(name: string, script: string, env: NodeJS.ProcessEnv, quiet: boolean): ChildProcess {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let banner = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    if (quiet) banner += chunk.toString();
    else process.stdout.write(chunk);
  });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${name} exited with ${code}${banner ? `:\n${banner}` : ''}`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url} within 60 s`);
}

let stopping = false;
function stop(code: number): void {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));

run('sandbox', 'sandbox/server.ts', { SANDBOX_PORT }, false);
await waitFor(`${sandboxUrl}/api/v2/checkForValidSession`, 'the sandbox');
run('BFF', 'bff/server.ts', { PORT, LEGACY_API_URL: sandboxUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }, false);
await waitFor(`${bffUrl}/healthz`, 'the BFF');
console.log(
  [
    '',
    `Coach portal BFF: ${bffUrl}/api (health ${bffUrl}/readyz), in front of the sandbox on ${sandboxUrl}.`,
    'Sign in with POST /api/session {"email":"demo@coachportal.test","password":"Demo-portal-2026!"} and the header X-CSRF: 1.',
    'The web client is not built yet (issue 5). Ctrl+C stops everything.',
  ].join('\n'),
);
