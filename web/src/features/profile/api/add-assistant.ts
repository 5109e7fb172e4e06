import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { assistantsQueryOptions } from './list-assistants.ts';

/** addAssistant: 'Add Assistant'; the list is read again (the new assistant's uuid comes from there). */
export function useAddAssistant() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/assistants', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryOptions().queryKey }),
  });
}
