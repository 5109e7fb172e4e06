// A legacy spreadsheet download (the dashboard's activity summary, the mini-assessments workbook): streamed through
// as it arrives under a file name the BFF chooses; a legacy refusal's `error.info` is the 'Failed' alert's text.
import type { Readable } from 'node:stream';
import { type Answer, fileAnswer } from '../operation.ts';
import { failed, UNEXPECTED_MESSAGE, upstreamError } from '../problem.ts';
import { legacyErrorInfo } from '../upstream/legacy-client.ts';
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

export function spreadsheetAnswer({ data, error, response }: LegacyStream, fileName: string): Answer<Readable> {
  if (!data) {
    if (response.status === 400 || response.status === 404)
      throw failed(502, 'download_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
    throw upstreamError();
  }
  return fileAnswer(data as Readable, XLSX, contentDisposition(fileName));
}
