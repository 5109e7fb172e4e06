// Getting a session from a BFF under test through its own routes, as the web client does: a sign-in with
// e-mail and password, or an administrator's impersonation (the admin's legacy cookie handed over).
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { injectChecked } from './contract.ts';

/** The headers a state-changing request from the portal's own page carries. */
export const CSRF = { 'x-csrf': '1', origin: 'http://localhost:3000' };

/** The BFF session cookie an answer sets ('' when it sets none). */
export const sessionCookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';

/** Signs in through `POST /api/session`; a refusal throws, with the answer. */
export async function signInToBff(server: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await injectChecked(server, { method: 'POST', url: '/api/session', headers: CSRF, payload: { email, password } });
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${response.body}`);
  return cookie;
}

/** Impersonates through `POST /api/session/impersonation` with the admin's legacy cookie ('' when refused). */
export async function impersonateInBff(server: FastifyInstance, legacyCookie: string): Promise<string> {
  const response = await injectChecked(server, {
    method: 'POST',
    url: '/api/session/impersonation',
    headers: { ...CSRF, cookie: `portal_session=${legacyCookie}` },
  });
  return sessionCookieOf(response);
}

/** A request with the session's cookie and the CSRF headers (any `headers` over them). */
export const requestWithSession = (
  server: FastifyInstance,
  session: string,
  method: HTTPMethods,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<InjectResponse> =>
  injectChecked(server, {
    method,
    url,
    headers: { ...CSRF, ...headers },
    cookies: { [SESSION_COOKIE]: session },
    ...(payload && { payload }),
  });
