// Builds a seeded sandbox on a fixed clock for tests, and signs a seeded coach in.
import type { FastifyInstance } from 'fastify';
import { buildSandbox, type SandboxOptions } from '../app.ts';
import { SESSION_COOKIE } from '../handlers/session-cookies.ts';
import { DEMO_PASSWORD } from '../seed/accounts.ts';
import { seedStore } from '../seed/seed.ts';
import type { Store } from '../state/store.ts';

export const TEST_NOW = Date.parse('2025-11-20T10:00:00Z');

export interface TestSandbox {
  app: FastifyInstance;
  store: Store;
  clock: { now(): number; advance(ms: number): void };
}

export async function testSandbox(options: Partial<SandboxOptions> & { assessments?: number } = {}): Promise<TestSandbox> {
  let now = TEST_NOW;
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
  const store = options.store ?? seedStore({ now: TEST_NOW, assessments: options.assessments ?? 120 });
  const app = await buildSandbox({ ...options, store, clock });
  return { app, store, clock };
}

/** Signs in and answers the cookie header later calls send. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password } });
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  if (!session) throw new Error(`sign-in of ${email} failed: ${response.body}`);
  return `${SESSION_COOKIE}=${session.value}`;
}
