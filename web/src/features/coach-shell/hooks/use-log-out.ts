import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { BASE_PATH } from '../../../config/build.ts';
import { type Session, sessionAtom } from '../../../lib/session/session.ts';
import { endSession } from '../api/session-calls.ts';

/** Log Out (drawer, expiry warning, expiry itself): the BFF ends the session and says where to go. */
export function useLogOut(session: Session): () => Promise<void> {
  const setSession = useSetAtom(sessionAtom);
  const [, navigate] = useLocation();
  const impersonator = session.roles.impersonator;

  return useCallback(async () => {
    const redirectTo = await endSession(impersonator);
    if (redirectTo.startsWith(`${BASE_PATH}/`)) {
      navigate(redirectTo.slice(BASE_PATH.length), { replace: true });
      setSession(null);
    } else {
      // spec public-and-guest §6: an impersonator goes back to the admin application's coach list.
      window.location.assign(redirectTo);
    }
  }, [impersonator, navigate, setSession]);
}
