import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { signedInSessionsQueryOptions } from './list-signed-in-sessions.ts';

/** signOutOtherSessions: "Sign out of all other sessions"; the answer is the list as it is now. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/profile/sessions/sign-outs', {
    onSuccess: (list) => queryClient.setQueryData(signedInSessionsQueryOptions().queryKey, list),
  });
}
