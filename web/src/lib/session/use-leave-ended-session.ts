import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { loginNoticeState, SESSION_ENDED_NOTICE } from '../login-notice.ts';
import { sessionEndedAtom } from './session.ts';
import { onSessionEnded } from './session-events.ts';

/**
 * A lost session goes to login, which says why, and leaves nothing behind: the session atoms and the cached server
 * state are cleared, so Back cannot show the old shell.
 */
export function useLeaveEndedSession(): void {
  const [, navigate] = useLocation();
  const ended = useSetAtom(sessionEndedAtom);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnded(() => {
        ended();
        queryClient.clear();
        // The login page says why (the contract's session-ended text), as after the logout at expiry.
        navigate('/login', { replace: true, state: loginNoticeState(SESSION_ENDED_NOTICE) });
      }),
    [ended, navigate, queryClient],
  );
}
