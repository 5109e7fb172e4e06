import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type Profile = components['schemas']['Profile'];

/** getProfile: details, notifications, web profile and web resources (spec coach-shell §2.12, §3). */
export const profileQueryOptions = () => $api.queryOptions('get', '/api/profile');

export const useProfile = () => useQuery(profileQueryOptions());
