// The dashboard's 'Download Summary Spreadsheet' (spec coach-shell §2.3, §8): the legacy workbook streamed
// through as it arrives, under a file name the BFF chooses; a legacy refusal's `error.info` is the alert's text.
import { contentDisposition } from '../../downloads/content-disposition.ts';
import { fileAnswer, type OperationHandler } from '../../operation.ts';
import { failed, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name: the day it was downloaded (UTC), e.g. activity-summary-2025-10-30.xlsx. */
export const activitySummaryName = (now: number) => `activity-summary-${new Date(now).toISOString().slice(0, 10)}.xlsx`;

export const downloadActivitySummary: OperationHandler<'downloadActivitySummary'> = async (_input, ctx) => {
  const { data, error, response } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/downloadActivitySummary', {
    params: { path: { coachId: ctx.session.coachId } },
    parseAs: 'stream',
    signal: ctx.signal,
  });
  if (!data) {
    if (response.status === 400 || response.status === 404)
      throw failed(502, 'download_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
    throw upstreamError();
  }
  return fileAnswer(data, XLSX, contentDisposition(activitySummaryName(Date.now())));
};
