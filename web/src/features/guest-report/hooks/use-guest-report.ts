import { useEffect, useState } from 'react';
import { getGuestReport } from '../api/get-guest-report.ts';
import type { GuestReportRequest } from '../utils/report-request.ts';
import type { GuestReport } from '../utils/report-tabs.ts';

export interface GuestReportState {
  /** The report last shown; kept while another language loads so that focus stays on the switcher. */
  report: GuestReport | null;
  loading: boolean;
  error: string | null;
}

/** Loads the report for the request and again whenever the request changes (e.g. the language). */
export function useGuestReport(request: GuestReportRequest): GuestReportState {
  const key = JSON.stringify(request);
  const [state, setState] = useState<GuestReportState>({ report: null, loading: true, error: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: null }));
    getGuestReport(JSON.parse(key) as GuestReportRequest, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          'report' in result
            ? { report: result.report, loading: false, error: null }
            : { report: null, loading: false, error: result.error },
        );
      })
      .catch(() => {
        // Only an aborted request throws: a newer request has taken over.
      });
    return () => controller.abort();
  }, [key]);

  return state;
}
