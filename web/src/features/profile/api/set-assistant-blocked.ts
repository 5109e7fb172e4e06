import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { type AssistantList, assistantsQueryOptions } from './list-assistants.ts';

/**
 * setAssistantBlocked: the switch turns at once in the list, then the call is made (spec coach-shell §4
 * "Assistant blocked/unblocked"); a failure turns it back.
 */
export function useSetAssistantBlocked() {
  const queryClient = useQueryClient();
  const { queryKey } = assistantsQueryOptions();
  const setBlocked = (assistantId: string, isBlocked: boolean) =>
    queryClient.setQueryData<AssistantList>(queryKey, (list) =>
      list ? { items: list.items.map((entry) => (entry.uuid === assistantId ? { ...entry, isBlocked } : entry)) } : list,
    );
  return $api.useMutation('put', '/api/assistants/{assistantId}/block', {
    onMutate: async ({ params, body }) => {
      await queryClient.cancelQueries({ queryKey });
      setBlocked(params.path.assistantId, body.isBlocked);
    },
    onError: (_error, { params, body }) => setBlocked(params.path.assistantId, !body.isBlocked),
  });
}
