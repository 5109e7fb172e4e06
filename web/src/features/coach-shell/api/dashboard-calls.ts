import type { components } from '../../../../../generated/bff.ts';
import { api } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem.ts';

export type Dashboard = components['schemas']['Dashboard'];
export type DashboardTile = components['schemas']['DashboardTile'];
export type PipelineFilter = components['schemas']['PipelineFilter'];

export type DashboardResult = { dashboard: Dashboard } | { error: string };

/** getDashboard: tiles, donut, messages and policy alert, counted by the BFF (spec coach-shell §2.3). */
export async function fetchDashboard(signal?: AbortSignal): Promise<DashboardResult> {
  try {
    const { data, error } = await api.GET('/api/dashboard', { signal });
    return data ? { dashboard: data } : { error: problemMessage(error) };
  } catch (thrown) {
    if (signal?.aborted) throw thrown;
    return { error: problemMessage(undefined) };
  }
}
