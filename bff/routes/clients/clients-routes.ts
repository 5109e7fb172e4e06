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
import { getClient, listClients } from './clients-service.ts';
import { uploadClientsSpreadsheet } from './clients-upload-service.ts';

export const clientsRoutes: TagRoutes = ({ snapshots }) => ({
  listClients: (input, ctx) => listClients(input, ctx, snapshots),
  getClient,
  // The dialogs' own texts for refused forms, in the spec's order (assessments-and-clients §5).
  createClient: { invalid: { form: newClientFormProblem }, changesLists: true, handler: createClient },
  addClientAssessment: { invalid: { form: newAssessmentFormProblem }, changesLists: true, handler: addClientAssessment },
  importNewClientResults: { invalid: { form: importFormProblem }, changesLists: true, handler: importNewClientResults },
  importClientResults: { changesLists: true, handler: importClientResults },
  uploadClientsSpreadsheet: { changesLists: true, handler: uploadClientsSpreadsheet },
});
