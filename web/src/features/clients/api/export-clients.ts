import type { components } from '../../../../../generated/bff.ts';
import type { ExportList } from '../../../components/data-table/use-table-export.tsx';
import { api } from '../../../lib/api-client.ts';
import type { ClientSort } from './list-clients.ts';

/** A column of the clients table as the export names it (the table's column ids). */
type ClientColumn = components['schemas']['ClientColumn'];

/** exportClients: the clients table's search and sort with the columns shown, as a file (More → Export). */
export const exportClients: ExportList<ClientSort, never, object> = ({ filter: _filter, ...query }, format, columns) =>
  api.GET('/api/clients/export', { params: { query: { ...query, format, columns: columns as ClientColumn[] } }, parseAs: 'blob' });
