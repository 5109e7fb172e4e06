// The clients view, a client's results page, adding clients and assessments, importing results and the bulk
// upload (contract tag `clients`).
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import {
  addClientAssessment,
  createClient,
  importClientResults,
  importFormProblem,
  importNewClientResults,
  newAssessmentFormProblem,
  newClientFormProblem,
} from './client-actions-service.ts';
import { exportClients } from './clients-export-service.ts';
import { getClient, listClients } from './clients-service.ts';
import { uploadClientsSpreadsheet } from './clients-upload-service.ts';

export const clientsRoutes: TagRoutes = ({ snapshots }) => ({
  listClients: (input, ctx) => listClients(input, ctx, snapshots),
  exportClients: (input, ctx) => exportClients(input, ctx, snapshots),
  getClient,
  // The dialogs' own texts for refused forms, in the spec's order (assessments-and-clients §5).
  createClient: { invalid: { form: newClientFormProblem }, idempotentCreate: true, changesLists: true, handler: createClient },
  addClientAssessment: {
    invalid: { form: newAssessmentFormProblem },
    idempotentCreate: true,
    changesLists: true,
    handler: addClientAssessment,
  },
  importNewClientResults: {
    invalid: { form: importFormProblem },
    idempotentCreate: true,
    changesLists: true,
    handler: importNewClientResults,
  },
  importClientResults: { idempotentCreate: true, changesLists: true, handler: importClientResults },
  uploadClientsSpreadsheet: { idempotentCreate: true, changesLists: true, handler: uploadClientsSpreadsheet },
});
