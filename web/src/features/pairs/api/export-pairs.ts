import type { components } from '../../../../../generated/bff.ts';
import type { ExportList } from '../../../components/data-table/use-table-export.tsx';
import { api } from '../../../lib/api-client.ts';
import type { PairSort } from './list-pairs.ts';

/** A column of the Pairs table as the export names it (the table's column ids). */
type PairColumn = components['schemas']['PairColumn'];

/** exportPairs: the Pairs table's search and sort with the columns shown, as a file (More → Export). */
export const exportPairs: ExportList<PairSort, never, object> = ({ filter: _filter, ...query }, format, columns) =>
  api.GET('/api/pairs/export', { params: { query: { ...query, format, columns: columns as PairColumn[] } }, parseAs: 'blob' });
