import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type TeamDetail = components['schemas']['TeamDetail'];
export type TeamMember = components['schemas']['TeamMember'];
export type TeamReportType = components['schemas']['TeamReportType'];

/** getTeam: the team report page - the team, its members, what the buttons may do, the charge (spec coach-shell §2.7, §4). */
export const teamQueryOptions = (teamId: string) => $api.queryOptions('get', '/api/teams/{teamId}', { params: { path: { teamId } } });

export const useTeam = (teamId: string) => useQuery(teamQueryOptions(teamId));
