// Browser tests run against the stack of `npm start`: the web client is built once here, into a directory of
// its own (parallel runs and `npm start`'s web/dist never see a half-written build); each worker then starts a
// sandbox and a BFF serving it (fixtures.ts). The directory reaches the workers through the environment.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebClient } from '../../../scripts/lib/stack.ts';

export default async function globalSetup(): Promise<() => void> {
  // Against a stack already running (README.md "Running") there is nothing to build.
  if (process.env.E2E_STACK_URL) return () => {};
  const runDir = mkdtempSync(join(tmpdir(), 'coachportal-e2e-'));
  const webDistDir = join(runDir, 'dist');
  await buildWebClient(webDistDir);
  process.env.E2E_WEB_DIST_DIR = webDistDir;
  return () => rmSync(runDir, { recursive: true, force: true });
}
