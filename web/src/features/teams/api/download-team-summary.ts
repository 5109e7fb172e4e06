import { api } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';

/** downloadTeamSummary: the team page's summary spreadsheet (spec coach-shell §2.7, §8). */
export const useDownloadTeamSummary = (teamId: string) =>
  useDownload(() => api.GET('/api/teams/{teamId}/summary', { params: { path: { teamId } }, parseAs: 'blob' }), 'team-summary.xlsx');
