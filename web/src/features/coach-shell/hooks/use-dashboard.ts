import { useEffect, useState } from 'react';
import { type Dashboard, fetchDashboard } from '../api/dashboard-calls.ts';

export type DashboardState = { status: 'loading' } | { status: 'ready'; dashboard: Dashboard } | { status: 'failed'; error: string };

/** Loads the dashboard once per visit of the screen; leaving the screen cancels the call. */
export function useDashboard(): DashboardState {
  const [state, setState] = useState<DashboardState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchDashboard(controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setState('dashboard' in result ? { status: 'ready', dashboard: result.dashboard } : { status: 'failed', error: result.error });
      })
      .catch(() => {
        // Only an aborted call throws: the screen has gone.
      });
    return () => controller.abort();
  }, []);
  return state;
}
