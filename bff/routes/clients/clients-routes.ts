// The clients view and a client's results page (contract tag `clients`).
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { getClient, listClients } from './clients-service.ts';

export const clientsRoutes: TagRoutes = ({ snapshots }) => ({
  listClients: (input, ctx) => listClients(input, ctx, snapshots),
  getClient,
});
