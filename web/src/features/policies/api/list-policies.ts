import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { POLICY_POLL_MS } from '../../../lib/api/get-policy-alert.ts';
import { $api } from '../../../lib/query.ts';

export type PolicySummary = components['schemas']['PolicySummary'];

/** listPolicies (only the actionable ones): the modal's list, refreshed while it polls. */
export const actionablePoliciesQueryOptions = () =>
  $api.queryOptions('get', '/api/policies', { params: { query: { onlyActionable: true } } });

export const useActionablePolicies = () => useQuery({ ...actionablePoliciesQueryOptions(), refetchInterval: POLICY_POLL_MS });
