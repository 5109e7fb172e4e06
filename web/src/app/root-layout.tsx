import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useLocation, useRouter } from 'wouter';
import { onSessionEnded } from '../lib/api-client.ts';
import { loginNoticeState, SESSION_ENDED_NOTICE } from '../lib/login-notice.ts';
import { sessionEndedAtom } from '../lib/session/session.ts';

/**
 * Around every page: react-aria links navigate through the router; a lost session goes to login,
 * which says why, and leaves nothing behind (the session atoms and the cached server state are cleared, so Back
 * cannot show the old shell).
 */
export function RootLayout({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const { base } = useRouter();
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
  return (
    <AriaRouterProvider navigate={(path) => navigate(path)} useHref={(href) => (href.startsWith('/') ? `${base}${href}` : href)}>
      {children}
    </AriaRouterProvider>
  );
}
