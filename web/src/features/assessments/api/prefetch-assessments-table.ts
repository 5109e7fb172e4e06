import type { QueryClient } from '@tanstack/react-query';
import { openingQuery } from '../../../components/data-table/use-table-state.ts';
import { ASSESSMENTS_TABLE } from '../utils/assessments-table.ts';
import { listAssessmentsQueryOptions } from './list-assessments.ts';

/**
 * The assessments table's first page as the screen opened from the drawer asks for it (its defaults, the remembered
 * page size), fetched into the cache ahead: the screen then paints its rows with its first render
 * (docs/decisions/011-the-assessments-table-opens-warm.md).
 */
export function prefetchAssessmentsTable(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(listAssessmentsQueryOptions({ view: 'own', ...openingQuery(ASSESSMENTS_TABLE) }));
}
