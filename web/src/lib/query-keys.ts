import type { paths } from '../../../generated/bff.ts';

/** Every path of the contract that answers GET. */
export type ReadPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];

/**
 * The cache key of every answer of GET `path`, whatever its parameters: what a change makes stale. One form
 * for every feature, so that invalidating another feature's lists (a pair made on the assessments table
 * makes the pairs list stale) imports nothing of that feature. openapi-react-query keys an answer as
 * `[method, path, init]`, so this prefix matches every page, sort and search of the path.
 *
 * The key of one exact answer (for `setQueryData`) is its hook's `queryOptions(...).queryKey`.
 */
export const queryKeyOf = (path: ReadPath) => ['get', path] as const;
