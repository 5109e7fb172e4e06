import { useSetAtom } from 'jotai';
import { $api } from '../../../lib/query.ts';
import { signedInAtom } from '../../../lib/session/session.ts';

/** startImpersonatedSession: the session check (spec public-and-guest §2 "Session check", §6) opens an impersonated or assisted session. */
export function useStartImpersonatedSession() {
  const signedIn = useSetAtom(signedInAtom);
  return $api.useMutation('post', '/api/session/impersonation', { onSuccess: (session) => signedIn(session) });
}
