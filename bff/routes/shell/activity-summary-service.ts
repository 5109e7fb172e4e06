// The dashboard's 'Download Summary Spreadsheet' (spec coach-shell §2.3, §8): the legacy workbook streamed
// through as it arrives, under a file name the BFF chooses; a legacy refusal's `error.info` is the alert's text.
import { datedWorkbookName, spreadsheetAnswer } from '../../downloads/spreadsheet.ts';
import type { OperationHandler } from '../../operation.ts';

/** The file name: the day it was downloaded (UTC), e.g. activity-summary-2025-10-30.xlsx. */
export const activitySummaryName = (now: number) => datedWorkbookName('activity-summary', now);

export const downloadActivitySummary: OperationHandler<'downloadActivitySummary'> = async (_input, ctx) =>
  spreadsheetAnswer(
    await ctx.legacy.GET('/api/v2/coaches/{coachId}/downloadActivitySummary', {
      params: { path: { coachId: ctx.session.coachId } },
      parseAs: 'stream',
      signal: ctx.signal,
    }),
    activitySummaryName(Date.now()),
  );
