// The BFF in front of the in-process sandbox legacy API (a seeded store, a free port), the demo coach signed
// in to both: the legacy store is read back directly to check what the BFF answers.
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../../sandbox/app.ts';
import { DEMO_PASSWORD, SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { seedStore } from '../../sandbox/seed/seed.ts';
import type { Store } from '../../sandbox/state/store.ts';
import { signIn as sandboxSignIn } from '../../sandbox/test-support/test-sandbox.ts';
import { buildServer } from '../app.ts';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { injectChecked } from './contract.ts';
import { testConfig } from './test-server.ts';

export const CSRF = { 'x-csrf': '1', origin: 'http://localhost:3000' };

export interface SandboxBff {
  sandbox: FastifyInstance;
  store: Store;
  server: FastifyInstance;
  sandboxUrl: string;
  /** The demo coach's legacy cookie (to read the sandbox directly). */
  legacyCookie: string;
  /** A new BFF session of the demo coach. */
  signIn(): Promise<string>;
  close(): Promise<void>;
}

export async function startSandboxBff({
  assessments = 300,
  env = {},
}: {
  assessments?: number;
  /** The BFF's settings; a function gets the sandbox's address (e.g. for a setting that points at it). */
  env?: Record<string, string> | ((sandboxUrl: string) => Record<string, string>);
} = {}): Promise<SandboxBff> {
  const store = seedStore({ now: Date.now(), assessments });
  const sandbox = await buildSandbox({ store });
  const sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const server = buildServer(testConfig({ LEGACY_API_URL: sandboxUrl, ...(typeof env === 'function' ? env(sandboxUrl) : env) }));
  await server.ready();
  const legacyCookie = await sandboxSignIn(sandbox, SEED_COACHES.demo.email);
  return {
    sandbox,
    store,
    server,
    sandboxUrl,
    legacyCookie,
    signIn: async () => {
      const response = await injectChecked(server, {
        method: 'POST',
        url: '/api/session',
        headers: CSRF,
        payload: { email: SEED_COACHES.demo.email, password: DEMO_PASSWORD },
      });
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
      if (!cookie) throw new Error(`sign-in failed: ${response.body}`);
      return cookie;
    },
    close: async () => {
      await server.close();
      await sandbox.close();
    },
  };
}
