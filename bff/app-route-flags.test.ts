// A routes entry whose batch flag says otherwise than the contract stops the app from starting: here Delete Pairs
// without `changesLists: true`, which its contract's `x-changes-lists: true` asks for (its pairs would stay in the
// palette's copy until it expired).
import { describe, expect, it, vi } from 'vitest';
import { buildServer } from './app.ts';
import type { OperationRoute } from './operation.ts';
import { captureLogs, testConfig } from './test-support/test-server.ts';

vi.mock('./routes/pairs/pairs-routes.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./routes/pairs/pairs-routes.ts')>();
  return {
    pairsRoutes: (...args: Parameters<typeof actual.pairsRoutes>) => {
      const routes = actual.pairsRoutes(...args);
      const { changesLists: _, ...deletePairs } = routes.deletePairs as OperationRoute<'deletePairs'>;
      return { ...routes, deletePairs };
    },
  };
});

describe('the route flags at start', () => {
  it('refuse to start an app whose `changesLists` disagrees with the contract', async () => {
    const server = buildServer(testConfig(), { logger: captureLogs().logger });
    await expect(server.ready()).rejects.toThrow(/`changesLists: true` in bff\/routes disagrees .* on: deletePairs$/);
    await server.close().catch(() => {});
  });
});
