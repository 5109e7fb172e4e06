// Browser tests run against the stack of `npm start`: the web client is built, then the sandbox
// and the BFF start on free ports. Their logs go to a file named in the output on failure.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../scripts/lib/prism.ts';
import { buildWebClient, startStack } from '../../../scripts/lib/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    bffUrl: string;
    sandboxUrl: string;
    webDistDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A build of its own: parallel runs (and `npm start`'s web/dist) never see a half-written build.
  const runDir = mkdtempSync(join(tmpdir(), 'coachportal-e2e-'));
  const webDistDir = join(runDir, 'dist');
  await buildWebClient(webDistDir);
  const logFile = join(runDir, 'stack.log');
  const stack = await startStack({
    sandboxPort: await freePort(),
    bffPort: await freePort(),
    webDistDir,
    // A pair a test adds stays unsupplied (so deletable) however slow the run; team reports come after 20 s.
    sandboxEnv: { SANDBOX_FAULTS: '1', SANDBOX_PAIR_REPORT_READY_SECONDS: '3600' },
    // The browser contexts stand for different visitors: each sends its own X-Forwarded-For
    // (browser.ts), which the BFF honours from loopback only, so per-IP limits apply per context.
    bffEnv: { LOG_LEVEL: 'info', TRUST_PROXY: 'loopback' },
    output: { logFile },
    onUnexpectedExit: (name, code) => console.error(`e2e: the ${name} exited with ${code}; logs in ${logFile}`),
  });
  console.log(`e2e: portal ${stack.portalUrl}, logs in ${logFile}`);
  project.provide('portalUrl', stack.portalUrl);
  project.provide('bffUrl', stack.bffUrl);
  project.provide('sandboxUrl', stack.sandboxUrl);
  project.provide('webDistDir', webDistDir);
  return () => stack.stop();
}
