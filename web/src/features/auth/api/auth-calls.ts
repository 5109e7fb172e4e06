import { api, CSRF_HEADER } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem.ts';
import type { Session } from '../../../lib/session/session.ts';

export type SignInAnswer =
  | { outcome: 'signedIn'; session: Session }
  | { outcome: 'twoFactorRequired' }
  | { outcome: 'failed'; message: string };

export interface Credentials {
  email: string;
  password: string;
  twoFactorCode?: string;
}

/**
 * spec public-and-guest §4 "Login": allowed, a code is needed, or refused. Wrong code, blocked and
 * bad credentials come as problems whose `detail` is the spec's message (§6, §8).
 */
export async function signIn({ email, password, twoFactorCode }: Credentials): Promise<SignInAnswer> {
  const { data, error } = await api.POST('/api/session', {
    params: { header: CSRF_HEADER },
    body: { email: email.trim(), password, ...(twoFactorCode ? { twoFactorCode } : {}) },
  });
  if (!data) return { outcome: 'failed', message: problemMessage(error) };
  return data.outcome === 'signedIn' ? { outcome: 'signedIn', session: data.session } : { outcome: 'twoFactorRequired' };
}

export type Outcome = { ok: true; message: string } | { ok: false; message: string; code?: string };

function failure(error: unknown): Outcome {
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  return { ok: false, message: problemMessage(error), ...(code ? { code } : {}) };
}

/** 'Send Reset Link' (spec public-and-guest §2 "Login", §8 "Forgot password"). */
export async function requestResetLink(email: string): Promise<Outcome> {
  const { data, error } = await api.POST('/api/password/forgot', { params: { header: CSRF_HEADER }, body: { email: email.trim() } });
  return data ? { ok: true, message: data.message } : failure(error);
}

/** spec public-and-guest §2 "Reset password", §8 "Reset". */
export async function resetPassword(code: string, newPassword: string, confirmPassword: string): Promise<Outcome> {
  const { data, error } = await api.POST('/api/password/reset', {
    params: { header: CSRF_HEADER },
    body: { code, newPassword, confirmPassword },
  });
  return data ? { ok: true, message: data.message } : failure(error);
}

/** The session check (spec public-and-guest §2 "Session check", §6): an impersonated or assisted session. */
export async function startImpersonatedSession(signal: AbortSignal): Promise<{ session: Session } | { message: string }> {
  const { data, error } = await api.POST('/api/session/impersonation', { params: { header: CSRF_HEADER }, signal });
  return data ? { session: data } : { message: problemMessage(error) };
}
