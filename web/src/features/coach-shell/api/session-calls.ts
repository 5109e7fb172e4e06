import { api, CSRF_HEADER } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem.ts';
import type { Session } from '../../../lib/session/session.ts';

/** Continue in the expiry warning: the BFF re-reads the coach and moves the deadline (spec public-and-guest §4). */
export async function extendSession(): Promise<{ session: Session } | { message: string }> {
  const { data, error } = await api.POST('/api/session/extend', { params: { header: CSRF_HEADER } });
  return data ? { session: data } : { message: problemMessage(error) };
}

/**
 * Ends the session and answers where to go next: the BFF says `/admin/coaches` for an impersonator
 * (spec public-and-guest §6). When the session is already gone the BFF cannot tell, so the role
 * the client knew decides.
 */
export async function endSession(wasImpersonator: boolean): Promise<string> {
  const { data } = await api.DELETE('/api/session', { params: { header: CSRF_HEADER } }).catch(() => ({ data: undefined }));
  return data?.redirectTo ?? (wasImpersonator ? '/admin/coaches' : '/coachportal/login');
}
