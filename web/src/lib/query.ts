import { QueryClient } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { api } from './api-client.ts';
import { isProblem } from './problem.ts';

/**
 * The typed query and mutation hooks of the BFF: `$api.useQuery('get', '/api/dashboard')`,
 * `$api.queryOptions(...)`, `$api.useMutation('post', '/api/session/extend')`. They call through
 * `api` (so the CSRF header, the session timer and "session ended" are the middleware's) and throw
 * the problem body the BFF answered, or the fetch error when it could not be reached.
 */
export const $api = createQueryHooks(api);

/** A gateway or network failure may be a blip: asked again once. A problem the BFF chose to answer (4xx, 500) is final. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!isProblem(error)) return true;
  return error.status === 502 || error.status === 503 || error.status === 504;
}

/**
 * The app's cache of server state. Screens show what they were last told and refresh it when they
 * mount again; no refetch on window focus (a report or a form half filled must not change under
 * the reader); mutations are never repeated by the cache.
 */
export function createAppQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}
