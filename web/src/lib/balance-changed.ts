import type { QueryClient } from '@tanstack/react-query';
import { queryKeyOf } from './query-keys.ts';

/**
 * What a charge or a credit back makes stale (adding assessments or pairs, a team report requested or cancelled,
 * assessments or pairs deleted and credited back, a credit order or its cancelling): the session, whose token
 * balance is the top bar's circle (`useSessionFollowsChanges` reads it again), and the Balance screen's figures
 * and history and its credits chart. Here, not in a feature, because the changes are made by several features and none may import another.
 */
export async function balanceChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    (['/api/session', '/api/credits', '/api/credits/transactions', '/api/insights/credits'] as const).map((path) =>
      queryClient.invalidateQueries({ queryKey: queryKeyOf(path) }),
    ),
  );
}
