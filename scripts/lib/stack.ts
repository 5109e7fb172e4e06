// The portal's local stack: the sandbox (stand-in for the legacy API), the BFF pointed at it, and
// the built web client served by the BFF. `npm start` and the browser tests start the same stack.

import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ADMIN_COACHES_PATH } from '../../sandbox/controls/impersonate.ts';
import { SAMPLES_PATH } from '../../sandbox/controls/samples.ts';
import { PAYPAL_CLIENT_SECRET, PAYPAL_PREFIX } from '../../sandbox/providers/paypal-api.ts';
import { PAYPAL_SDK_PATH } from '../../sandbox/providers/paypal-sdk.ts';
import { freePort } from './prism.ts';
import { cachedWebBuild } from './web-build-cache.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The V8 flags the BFF runs with in production (the Dockerfile's CMD says the same): a young generation of 8 MB
 * semi-spaces keeps four concurrent 1 GB Download Reports within 250 MB of RSS, at no measurable cost to requests
 * (docs/benchmarks.md, "Download Reports").
 */
export const BFF_NODE_FLAGS = ['--max-semi-space-size=8'] as const;

export interface StackOptions {
  sandboxPort: number;
  bffPort: number;
  /** The built web client the BFF serves (default web/dist). */
  webDistDir?: string;
  /** Extra environment for the sandbox (e.g. SANDBOX_FAULTS=1). */
  sandboxEnv?: NodeJS.ProcessEnv;
  /** Extra environment for the BFF (e.g. raised rate limits for tests). */
  bffEnv?: NodeJS.ProcessEnv;
  /** Where the children's output goes: the terminal, or a log file (tests). */
  output: 'inherit' | { logFile: string };
  /** Called when a child exits on its own (not through `stop`). */
  onUnexpectedExit?: (name: string, code: number | null) => void;
}

export interface Stack {
  sandboxUrl: string;
  bffUrl: string;
  /** The portal's address in a browser. */
  portalUrl: string;
  stop(): Promise<void>;
}

export const DEFAULT_WEB_DIST_DIR = `${ROOT}web/dist`;

/**
 * Builds web/ with the project's Vite config, into web/dist or (tests) a directory of their own; the same inputs
 * built before are a copy of that build (web-build-cache.ts).
 */
export function buildWebClient(outDir: string = DEFAULT_WEB_DIST_DIR): Promise<void> {
  return cachedWebBuild(ROOT, outDir, viteBuild);
}

async function viteBuild(outDir: string): Promise<void> {
  const { build } = await import('vite');
  // A production build whatever this process is (vitest sets NODE_ENV=test, which would give React's
  // development bundles); NODE_ENV is put back after, because the sandbox and the BFF started
  // afterwards inherit the environment and must not believe they run in production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: `${ROOT}web/vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** How the BFF is wired to the sandbox: the legacy API, PayPal's and the card provider's stand-ins. */
export function bffEnvForSandbox(sandboxUrl: string, bffPort: number, webDistDir: string): NodeJS.ProcessEnv {
  return {
    PORT: String(bffPort),
    LEGACY_API_URL: sandboxUrl,
    ALLOWED_ORIGINS: `http://localhost:${bffPort},http://127.0.0.1:${bffPort}`,
    WEB_DIST_DIR: webDistDir,
    // The sandbox names its own host in selfpay/init and serves the card provider's hosted page there (http://).
    CARD_PROVIDER_HOSTS: sandboxUrl,
    // PayPal's REST API (orders) and JS SDK as the sandbox plays them (sandbox/providers/).
    PAYPAL_API_URL: `${sandboxUrl}${PAYPAL_PREFIX}`,
    PAYPAL_CLIENT_SECRET,
    PAYPAL_SDK_URL: `${sandboxUrl}${PAYPAL_SDK_PATH}`,
    // 'Return to Coaches' lands on the sandbox's stand-in for the admin application's coach list.
    ADMIN_COACHES_URL: `${sandboxUrl}${ADMIN_COACHES_PATH}`,
    // The Samples & Brochures page's sample reports, which the sandbox makes up.
    SAMPLE_REPORTS_URL: `${sandboxUrl}${SAMPLES_PATH}`,
  };
}

/** The stack on two free ports (the benches, the screenshots: beside whatever else runs). */
export async function startStackOnFreePorts(options: Omit<StackOptions, 'sandboxPort' | 'bffPort'>): Promise<Stack> {
  return startStack({ ...options, sandboxPort: await freePort(), bffPort: await freePort() });
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const sandboxUrl = `http://127.0.0.1:${options.sandboxPort}`;
  const bffUrl = `http://localhost:${options.bffPort}`;
  const log: WriteStream | undefined = options.output === 'inherit' ? undefined : createWriteStream(options.output.logFile, { flags: 'a' });
  const children: ChildProcess[] = [];
  let stopping = false;

  function run(name: string, script: string, env: NodeJS.ProcessEnv, nodeFlags: readonly string[] = []): void {
    const child = spawn(process.execPath, [...nodeFlags, `${ROOT}${script}`], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', log ? 'pipe' : 'inherit', log ? 'pipe' : 'inherit'],
    });
    if (log) {
      child.stdout?.on('data', (chunk: Buffer) => log.write(`[${name}] ${chunk}`));
      child.stderr?.on('data', (chunk: Buffer) => log.write(`[${name}] ${chunk}`));
    }
    child.on('exit', (code) => {
      if (!stopping) options.onUnexpectedExit?.(name, code);
    });
    children.push(child);
  }

  async function stop(): Promise<void> {
    stopping = true;
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    log?.end();
  }

  try {
    // The sandbox's impersonation form leads to this portal, on its host name (sandbox/controls/impersonate.ts).
    run('sandbox', 'sandbox/server.ts', {
      SANDBOX_PORT: String(options.sandboxPort),
      SANDBOX_PORTAL_URL: `${bffUrl}/coachportal/`,
      ...options.sandboxEnv,
    });
    await waitFor(`${sandboxUrl}/api/v2/checkForValidSession`, 'the sandbox');
    run(
      'bff',
      'bff/server.ts',
      { ...bffEnvForSandbox(sandboxUrl, options.bffPort, options.webDistDir ?? DEFAULT_WEB_DIST_DIR), ...options.bffEnv },
      BFF_NODE_FLAGS,
    );
    await waitFor(`${bffUrl}/healthz`, 'the BFF');
  } catch (error) {
    await stop();
    throw error;
  }
  return { sandboxUrl, bffUrl, portalUrl: `${bffUrl}/coachportal/`, stop };
}

async function waitFor(url: string, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer ${url} within 60 s`);
}
