import { api } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';

export type TeamReportFormat = 'pdf' | 'pptx';

/** downloadTeamReport: the team report as PDF or PPTX, own and received teams (spec coach-shell §2.6, §2.7, §6, §8). */
export const useDownloadTeamReport = (teamId: string, format: TeamReportFormat) =>
  useDownload(
    () => api.GET('/api/teams/{teamId}/reports/{format}', { params: { path: { teamId, format } }, parseAs: 'blob' }),
    `team-report.${format}`,
  );
