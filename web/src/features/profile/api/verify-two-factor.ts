import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { type Profile, profileQueryOptions } from './get-profile.ts';

/** Two-factor on or off in the cached profile, without reading it again. */
export function setTwoFactorInProfile(queryClient: ReturnType<typeof useQueryClient>, twoFactorEnabled: boolean) {
  queryClient.setQueryData<Profile>(profileQueryOptions().queryKey, (profile) => (profile ? { ...profile, twoFactorEnabled } : profile));
}

/** verifyTwoFactor: the authenticator's code completes the setup (spec §4); a wrong one is 'Code not correct - please try again'. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/profile/two-factor/verification', {
    onSuccess: () => setTwoFactorInProfile(queryClient, true),
  });
}
