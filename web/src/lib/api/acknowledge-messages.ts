import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { $api } from '../query.ts';
import { queryKeyOf } from '../query-keys.ts';
import { messagesReadAtom } from '../session/session.ts';

/**
 * acknowledgeMessages: the Messages screen marks the coach's messages as read when it opens (spec
 * coach-shell §4). The list on screen keeps its 'new' badges for this visit; the drawer's badge
 * goes and the dashboard's messages to acknowledge are asked for again.
 */
export function useAcknowledgeMessages() {
  const queryClient = useQueryClient();
  const messagesRead = useSetAtom(messagesReadAtom);
  return $api.useMutation('post', '/api/messages/acknowledgements', {
    onSuccess: ({ acknowledged }) => {
      if (!acknowledged) return;
      messagesRead();
      void queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/dashboard') });
    },
  });
}
