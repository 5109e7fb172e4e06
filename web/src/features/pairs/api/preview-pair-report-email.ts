import { $api } from '../../../lib/query.ts';

/** previewPairReportEmail: the Preview of Send Couples Report; the pairs whose preview failed come back listed (spec §8). */
export const usePreviewPairReportEmail = () => $api.useMutation('post', '/api/pairs/report-email-previews');
