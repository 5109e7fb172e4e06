import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type Dashboard = components['schemas']['Dashboard'];
export type DashboardTile = components['schemas']['DashboardTile'];

/** getDashboard: tiles, donut, messages and policy alert, counted by the BFF (spec coach-shell §2.3). */
export const getDashboardQueryOptions = () => $api.queryOptions('get', '/api/dashboard');

/** The dashboard, asked for again each time the screen opens (the cached one shows meanwhile). */
export const useDashboard = () => useQuery(getDashboardQueryOptions());
