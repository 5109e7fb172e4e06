import type { ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useLocation, useRouter } from 'wouter';
import { useLeaveEndedSession } from '../lib/session/use-leave-ended-session.ts';

/** Around every page: react-aria links navigate through the router; a lost session goes to login (lib/session/). */
export function RootLayout({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const { base } = useRouter();
  useLeaveEndedSession();
  return (
    <AriaRouterProvider navigate={(path) => navigate(path)} useHref={(href) => (href.startsWith('/') ? `${base}${href}` : href)}>
      {children}
    </AriaRouterProvider>
  );
}
