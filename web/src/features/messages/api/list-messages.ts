import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type Message = components['schemas']['Message'];

/** listMessages: the coach's messages, newest first (spec coach-shell §2.10). */
export const listMessagesQueryOptions = () => $api.queryOptions('get', '/api/messages');

export const useMessages = () => useQuery(listMessagesQueryOptions());
