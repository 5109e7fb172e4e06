import { api } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem.ts';
import type { GuestReportRequest } from '../utils/report-request.ts';
import type { GuestReport } from '../utils/report-tabs.ts';

export type GuestReportResult = { report: GuestReport } | { error: string };

/** getGuestReport; a failure becomes the problem's text (spec: public-and-guest §8, shown in an alert). */
export async function getGuestReport({ reportCode, guestId, query }: GuestReportRequest, signal?: AbortSignal): Promise<GuestReportResult> {
  try {
    const { data, error } = await api.GET('/api/public/reports/{reportCode}/{guestId}', {
      params: { path: { reportCode, guestId }, query },
      signal,
    });
    return data ? { report: data } : { error: problemMessage(error) };
  } catch (thrown) {
    if (signal?.aborted) throw thrown;
    return { error: problemMessage(undefined) };
  }
}
