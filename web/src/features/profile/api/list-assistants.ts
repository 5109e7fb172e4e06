import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type Assistant = components['schemas']['Assistant'];
export type AssistantInput = components['schemas']['AssistantInput'];
export interface AssistantList {
  items: Assistant[];
}

/** listAssistants: the coach's assistants (spec coach-shell §2.12, §3 "Assistant"). */
export const assistantsQueryOptions = () => $api.queryOptions('get', '/api/assistants');

export const useAssistants = () => useQuery(assistantsQueryOptions());
