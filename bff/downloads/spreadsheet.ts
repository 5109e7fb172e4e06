// A legacy spreadsheet download (the dashboard's activity summary, the mini-assessments workbook): streamed through
// as it arrives under a file name the BFF chooses; a legacy refusal's `error.info` is the 'Failed' alert's text (a 400).
import type { Readable } from 'node:stream';
import { fileAnswer, type HttpAnswer } from '../operation.ts';
import { upstreamError } from '../problem.ts';
import { isLegacyRefusal, legacyFailure } from '../upstream/legacy-client.ts';
import { contentDisposition } from './content-disposition.ts';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `{name}-YYYY-MM-DD.xlsx`: the day it was downloaded (UTC). */
export const datedWorkbookName = (name: string, now: number): string => `${name}-${new Date(now).toISOString().slice(0, 10)}.xlsx`;

/** What `ctx.legacy.GET(…, { parseAs: 'stream' })` answers. */
export interface LegacyStream {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export function spreadsheetAnswer(answer: LegacyStream, fileName: string): HttpAnswer<Readable> {
  if (!answer.data) throw isLegacyRefusal(answer.response) ? legacyFailure(answer, 'download_failed') : upstreamError();
  return fileAnswer(answer.data as Readable, XLSX, contentDisposition(fileName));
}
