// The Mini-Assessments page (contract tag `mini`): its links are made on the portal's public origin.
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { exportMiniAssessments } from './mini-assessments-export-service.ts';
import { downloadMiniAssessmentsSpreadsheet, listMiniAssessments } from './mini-assessments-service.ts';

export const miniRoutes: TagRoutes = (_app, config) => ({
  listMiniAssessments: (input, ctx) => listMiniAssessments(input, ctx, config.allowedOrigins),
  exportMiniAssessments: (input, ctx) => exportMiniAssessments(input, ctx, config.allowedOrigins),
  downloadMiniAssessmentsSpreadsheet,
});
