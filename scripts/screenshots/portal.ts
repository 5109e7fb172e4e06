// The portal the screenshots are taken of: PORTAL_URL when given (a stack already running, e.g. `npm start`), else a
// stack of the script's own, as the browser tests start theirs: the web client built into a directory of its own
// (a running `npm start` keeps its web/dist), a sandbox and a BFF on free ports, stopped when the script ends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebClient, startStackOnFreePorts } from '../lib/stack.ts';

export interface Portal {
  /** The portal's origin (the BFF: the client under /coachportal/, the API under /api). */
  origin: string;
  /** Where the started stack's sandbox and BFF write their lines (none for PORTAL_URL). */
  logFile?: string;
  /** Stops what was started; the stack's log stays when asked (something went wrong), the rest goes. */
  close(options?: { keepLog?: boolean }): Promise<void>;
}

export async function openPortal(log: (line: string) => void): Promise<Portal> {
  if (process.env.PORTAL_URL) return { origin: new URL(process.env.PORTAL_URL).origin, close: async () => {} };
  const runDir = await mkdtemp(join(tmpdir(), 'coachportal-screenshots-'));
  const logFile = join(runDir, 'stack.log');
  try {
    log('Building the web client and starting a sandbox and a BFF (PORTAL_URL names a running portal instead)...');
    const webDistDir = join(runDir, 'dist');
    await buildWebClient(webDistDir);
    const stack = await startStackOnFreePorts({
      webDistDir,
      // One visitor opening every screen several times over a few minutes: above the per-IP limit of a real visitor.
      bffEnv: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000', RATE_LIMIT_PUBLIC_MISSES_MAX: '100000' },
      output: { logFile },
      onUnexpectedExit: (name, code) => log(`The ${name} exited with ${code} (its lines: ${logFile}).`),
    });
    return {
      origin: new URL(stack.bffUrl).origin,
      logFile,
      close: async ({ keepLog = false } = {}) => {
        await stack.stop();
        await rm(keepLog ? webDistDir : runDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    log(`The stack did not start; its lines: ${logFile}`);
    throw error;
  }
}
