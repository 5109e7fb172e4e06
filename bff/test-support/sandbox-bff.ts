// The BFF in front of the in-process sandbox legacy API (a seeded store, a free port), the demo coach signed
// in to both: the legacy store is read back directly to check what the BFF answers.
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../../sandbox/app.ts';
import { IMPERSONATE_PATH } from '../../sandbox/controls/impersonate.ts';
import { DEMO_PASSWORD, SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { seedStore } from '../../sandbox/seed/seed.ts';
import type { Store } from '../../sandbox/state/store.ts';
import { signIn as sandboxSignIn } from '../../sandbox/test-support/test-sandbox.ts';
import { buildServer } from '../app.ts';
import { CSRF, impersonateInBff, signInToBff } from './bff-session.ts';
import { testConfig } from './test-server.ts';

export { CSRF };

export interface SandboxBff {
  sandbox: FastifyInstance;
  store: Store;
  server: FastifyInstance;
  sandboxUrl: string;
  /** The demo coach's legacy cookie (to read the sandbox directly). */
  legacyCookie: string;
  /** A new BFF session of the demo coach (or of the seeded coach with that e-mail). */
  signIn(email?: string): Promise<string>;
  /** A new BFF session of an administrator impersonating the demo coach, through the admin tool. */
  impersonate(): Promise<string>;
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
    signIn: (email = SEED_COACHES.demo.email) => signInToBff(server, email, DEMO_PASSWORD),
    impersonate: () => impersonateSandboxCoach(sandbox, server),
    close: async () => {
      await server.close();
      await sandbox.close();
    },
  };
}

/** An administrator's BFF session acting for the demo coach: the sandbox's admin tool, then the BFF's impersonation. */
export async function impersonateSandboxCoach(sandbox: FastifyInstance, server: FastifyInstance): Promise<string> {
  const legacy = await sandbox.inject({ method: 'POST', url: IMPERSONATE_PATH, payload: { coachEmail: SEED_COACHES.demo.email } });
  const legacyCookie = legacy.cookies.find((c) => c.name === 'portal_session');
  if (!legacyCookie) throw new Error(`impersonation failed: ${legacy.body}`);
  const session = await impersonateInBff(server, legacyCookie.value);
  if (!session) throw new Error('impersonation failed');
  return session;
}

/** The sandbox BFF with the demo coach's BFF session, for `({ bff, session } = await …)` in a before hook. */
export async function startSignedInSandboxBff(
  options: Parameters<typeof startSandboxBff>[0] = {},
): Promise<{ bff: SandboxBff; session: string }> {
  const bff = await startSandboxBff(options);
  return { bff, session: await bff.signIn() };
}
