import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { setTwoFactorInProfile } from './verify-two-factor.ts';

/** disableTwoFactor: turning two-factor sign-in off. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/api/profile/two-factor', {
    onSuccess: () => setTwoFactorInProfile(queryClient, false),
  });
}
