import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { type AssistantList, assistantsQueryOptions } from './list-assistants.ts';

/** updateAssistant: 'Edit Assistant'; the answer replaces the assistant in the list. */
export function useUpdateAssistant() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/api/assistants/{assistantId}', {
    onSuccess: (assistant) =>
      queryClient.setQueryData<AssistantList>(assistantsQueryOptions().queryKey, (list) =>
        list ? { items: list.items.map((entry) => (entry.uuid === assistant.uuid ? assistant : entry)) } : list,
      ),
  });
}
