import { type ReactNode, useEffect } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useLocation, useRouter } from 'wouter';
import { onSessionEnded } from '../lib/api-client.ts';

/** Around every page: react-aria links navigate through the router; a lost session goes to login. */
export function RootLayout({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const { base } = useRouter();
  useEffect(() => onSessionEnded(() => navigate('/login', { replace: true })), [navigate]);
  return (
    <AriaRouterProvider navigate={(path) => navigate(path)} useHref={(href) => (href.startsWith('/') ? `${base}${href}` : href)}>
      {children}
    </AriaRouterProvider>
  );
}
