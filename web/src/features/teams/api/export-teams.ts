import type { components } from '../../../../../generated/bff.ts';
import type { ExportList } from '../../../components/data-table/use-table-export.tsx';
import type { TeamSort } from '../../../lib/api/list-teams.ts';
import { api } from '../../../lib/api-client.ts';

/** A column of the Teams table as the export names it (the table's column ids). */
type TeamColumn = components['schemas']['TeamColumn'];

/** exportTeams: the Teams table's search and sort with the columns shown, as a file (More → Export). */
export const exportTeams: ExportList<TeamSort, never, object> = ({ filter: _filter, ...query }, format, columns) =>
  api.GET('/api/teams/export', { params: { query: { ...query, format, columns: columns as TeamColumn[] } }, parseAs: 'blob' });
