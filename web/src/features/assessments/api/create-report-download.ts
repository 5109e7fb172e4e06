import { $api } from '../../../lib/query.ts';

/**
 * createReportDownload: a Download Reports job of the selected assessments and reports (spec assessments-and-clients
 * §2.3, §4.6); the progress modal then fetches its archive and polls it.
 */
export const useCreateReportDownload = () => $api.useMutation('post', '/api/report-downloads');
