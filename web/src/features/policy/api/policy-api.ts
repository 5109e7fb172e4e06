import type { components } from '../../../../../generated/bff.ts';
import { api, CSRF_HEADER } from '../../../lib/api-client.ts';
import { isProblem, type Problem, UNREACHABLE_MESSAGE } from '../../../lib/problem.ts';

export type PolicyPage = components['schemas']['PolicyPage'];
export type PolicyAcknowledgement = components['schemas']['PolicyAcknowledgementRequest'];

export interface PolicyLink {
  coachUuid: string;
  policyUuid: string;
}

/** A call's outcome: the policy, or the problem to show (a network failure becomes a problem too). */
export type PolicyResult = { policy: PolicyPage; problem?: undefined } | { policy?: undefined; problem: Problem };

const unreachable: Problem = { type: 'about:blank', title: 'Failed', status: 503, code: 'unreachable', detail: UNREACHABLE_MESSAGE };

const asProblem = (error: unknown): Problem => (isProblem(error) ? error : unreachable);

export async function fetchPolicyPage(link: PolicyLink, signal?: AbortSignal): Promise<PolicyResult> {
  const { data, error } = await api.GET('/api/public/policies/{coachUuid}/{policyUuid}', { params: { path: link }, signal });
  return data ? { policy: data } : { problem: asProblem(error) };
}

/** Sign or accept; the BFF answers the policy as it now reads (spec: public-and-guest §4 "Policy"). */
export async function acknowledgePolicy(link: PolicyLink, body: PolicyAcknowledgement): Promise<PolicyResult> {
  const { data, error } = await api.POST('/api/public/policies/{coachUuid}/{policyUuid}/acknowledgements', {
    params: { path: link, header: CSRF_HEADER },
    body,
  });
  return data ? { policy: data } : { problem: asProblem(error) };
}
