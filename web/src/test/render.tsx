import { type RenderOptions, render as renderInDom } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { createAppQueryClient } from '../lib/query.ts';
import { QueryProvider } from '../lib/query-provider.tsx';

type Store = ReturnType<typeof createStore>;

/**
 * Renders as main.tsx does: a jotai store (a fresh one unless given, e.g. with a session set) and a
 * fresh server-state cache that does not retry (a test's failure is final at once).
 */
export function render(ui: ReactElement, { store = createStore(), ...options }: RenderOptions & { store?: Store } = {}) {
  const client = createAppQueryClient({ retry: false });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryProvider client={client}>{children}</QueryProvider>
    </Provider>
  );
  return { store, queryClient: client, ...renderInDom(ui, { wrapper: Wrapper, ...options }) };
}
