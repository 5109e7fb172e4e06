import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';
import { profileQueryOptions } from './get-profile.ts';
import { signedInSessionsQueryOptions } from './list-signed-in-sessions.ts';

export type ProfileUpdate = components['schemas']['ProfileUpdate'];

/**
 * updateProfile: 'Save Changes' with the changed fields; the answer is the profile as now stored. A new password
 * ends the account's other sessions (the BFF's doing): where it is signed in is read again.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return $api.useMutation('patch', '/api/profile', {
    onSuccess: (profile, { body }) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      if (body.password) void queryClient.invalidateQueries({ queryKey: signedInSessionsQueryOptions().queryKey });
    },
  });
}
