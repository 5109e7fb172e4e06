import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';
import { profileQueryOptions } from './get-profile.ts';

export type ProfileUpdate = components['schemas']['ProfileUpdate'];

/** updateProfile: 'Save Changes' with the changed fields; the answer is the profile as now stored. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return $api.useMutation('patch', '/api/profile', {
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
