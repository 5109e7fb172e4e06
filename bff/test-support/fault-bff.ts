// The BFF in front of the fault upstream (test-support/fault-upstream.ts) with the demo coach signed in: for
// tests that check the exact legacy calls and every way they can fail.
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app.ts';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { injectChecked } from './contract.ts';
import { type FaultUpstream, type ReceivedRequest, startFaultUpstream } from './fault-upstream.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from './session-fixtures.ts';
import { testConfig } from './test-server.ts';

export const CSRF = { 'x-csrf': '1', origin: 'http://localhost:3000' };
export const COACH_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}`;
export const TOKENS_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/tokensX`;

export interface FaultBff {
  upstream: FaultUpstream;
  server: FastifyInstance;
  session: string;
  /** The calls the upstream received on `METHOD /path` (query ignored). */
  calls(route: string): ReceivedRequest[];
  close(): Promise<void>;
}

/** An assistant acting for the demo coach, as the legacy login names them. */
export const LEGACY_ASSISTANT = { name: 'Thandi', email: 'assistant@coachportal.test' };

/**
 * Signs in through the upstream's login; `coach` is what `GET api/v2/coaches/{id}` answers afterwards;
 * `assisted` signs in as the coach's assistant.
 */
export async function signInBff(
  server: FastifyInstance,
  upstream: FaultUpstream,
  coach: object = LEGACY_COACH,
  { assisted = false }: { assisted?: boolean } = {},
): Promise<string> {
  upstream.answer(COACH_PATH, { status: 200, json: coach });
  upstream.answer('POST /api/v2/login', {
    status: 200,
    json: {
      allowed: true,
      needTFA: false,
      wrongTFA: false,
      isBlocked: false,
      coach: { uuid: LEGACY_COACH_ID, accreditationLevel: 3, isBeingAssisted: assisted, assistant: assisted ? LEGACY_ASSISTANT : null },
    },
    headers: { 'set-cookie': 'portal_session=s%3Alegacy-1; Path=/; HttpOnly' },
  });
  const response = await injectChecked(server, {
    method: 'POST',
    url: '/api/session',
    headers: CSRF,
    payload: { email: 'demo@coachportal.test', password: 'x' },
  });
  const session = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (!session) throw new Error(`sign-in failed: ${response.body}`);
  return session;
}

export async function startFaultBff({
  env = {},
  coach = LEGACY_COACH,
  assisted = false,
}: {
  env?: Record<string, string>;
  coach?: object;
  assisted?: boolean;
} = {}): Promise<FaultBff> {
  const upstream = await startFaultUpstream();
  const server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '500', ...env }));
  await server.ready();
  const session = await signInBff(server, upstream, coach, { assisted });
  return {
    upstream,
    server,
    session,
    calls: (route) => upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route),
    close: async () => {
      await server.close();
      await upstream.close();
    },
  };
}
