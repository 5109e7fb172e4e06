// The BFF in front of the fault upstream (test-support/fault-upstream.ts) with the demo coach signed in: for
// tests that check the exact legacy calls and every way they can fail.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { buildServer } from '../app.ts';
import { CSRF, impersonateInBff, requestWithSession, signInToBff } from './bff-session.ts';
import { type CannedAnswer, type FaultUpstream, type ReceivedRequest, startFaultUpstream } from './fault-upstream.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from './session-fixtures.ts';
import { testConfig } from './test-server.ts';

export { CSRF };
export const COACH_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}`;
export const TOKENS_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/tokensX`;

export interface FaultBff {
  upstream: FaultUpstream;
  server: FastifyInstance;
  session: string;
  /** The calls the upstream received on `METHOD /path` (query ignored). */
  calls(route: string): ReceivedRequest[];
  /** A request with the cookie of `session` as it is then (and the CSRF headers, with any `headers` over them). */
  call(method: HTTPMethods, url: string, payload?: object, headers?: Record<string, string>): Promise<InjectResponse>;
  close(): Promise<void>;
}

/** The legacy API's refusal with its `error.info` text. */
export const legacyError = (info: string): CannedAnswer => ({ status: 400, json: { error: { info } } });
/** The legacy API's 403: the legacy session is gone. */
export const forbidden: CannedAnswer = { status: 403, json: { error: { info: 'Forbidden' } } };
/** An answer that comes long after any timeout. */
export const slow: CannedAnswer = { fault: 'slow', delayMs: 60_000 };

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
  return signInToBff(server, 'demo@coachportal.test', 'x');
}

/** An impersonator's session: the admin's legacy session, as `GET api/v2/checkForValidSession` checks it. */
export async function impersonateBff(server: FastifyInstance, upstream: FaultUpstream, coach: object = SESSION_COACH): Promise<string> {
  upstream.answer('GET /api/v2/checkForValidSession', { status: 200, json: { allowed: true, coach } });
  return impersonateInBff(server, 's%3Aadmin-1');
}

/** The coach as the legacy login and session check name it. */
export const SESSION_COACH = { uuid: LEGACY_COACH_ID, accreditationLevel: 3, isBeingAssisted: false, assistant: null };

/**
 * `impersonator` signs in as an administrator acting for the coach instead; `signIn: false` leaves the
 * BFF without a session (`session` is '').
 */
export async function startFaultBff({
  env = {},
  coach = LEGACY_COACH,
  assisted = false,
  impersonator = false,
  signIn = true,
}: {
  env?: Record<string, string>;
  coach?: object;
  assisted?: boolean;
  impersonator?: boolean;
  signIn?: boolean;
} = {}): Promise<FaultBff> {
  const upstream = await startFaultUpstream();
  const server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '500', ...env }));
  await server.ready();
  let session = '';
  if (impersonator) {
    upstream.answer(COACH_PATH, { status: 200, json: coach });
    session = await impersonateBff(server, upstream);
    if (!session) throw new Error('impersonation failed');
  } else if (signIn) {
    session = await signInBff(server, upstream, coach, { assisted });
  }
  const bff: FaultBff = {
    upstream,
    server,
    session,
    calls: (route) => upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route),
    call: (method, url, payload, headers) => requestWithSession(server, bff.session, method, url, payload, headers),
    close: async () => {
      await server.close();
      await upstream.close();
    },
  };
  return bff;
}
