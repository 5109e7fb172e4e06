import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type PolicyPage = components['schemas']['PolicyPage'];
export type PolicyAcknowledgement = components['schemas']['PolicyAcknowledgementRequest'];

export interface PolicyLink {
  coachUuid: string;
  policyUuid: string;
}

/** getPolicyPage: the policy of a link, as it now reads. */
export const getPolicyPageQueryOptions = (link: PolicyLink) =>
  $api.queryOptions('get', '/api/public/policies/{coachUuid}/{policyUuid}', { params: { path: link } });

export const usePolicyPage = (link: PolicyLink) => useQuery(getPolicyPageQueryOptions(link));

/**
 * acknowledgePolicy: sign or accept; the BFF answers the policy as it now reads (spec:
 * public-and-guest §4 "Policy"), which replaces the page's cached one.
 */
export function useAcknowledgePolicy(link: PolicyLink) {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/public/policies/{coachUuid}/{policyUuid}/acknowledgements', {
    onSuccess: (policy) => queryClient.setQueryData(getPolicyPageQueryOptions(link).queryKey, policy),
  });
}
