import { useQuery } from '@tanstack/react-query';
import { $api } from '../query.ts';

/** spec coach-shell §4 "Policy": the modal checks every 2 seconds whether the policies were signed. */
export const POLICY_POLL_MS = 2000;

/** getPolicyAlert: whether a policy waits to be signed or accepted, and whether it is overdue. */
export const policyAlertQueryOptions = () => $api.queryOptions('get', '/api/policies/alert');

export const usePolicyAlert = (polling: boolean) =>
  useQuery({ ...policyAlertQueryOptions(), refetchInterval: polling ? POLICY_POLL_MS : false, staleTime: polling ? 0 : 60_000 });
