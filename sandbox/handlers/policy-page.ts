// The public coach policy page: read a policy, then sign or accept it (spec public-and-guest §2 "Coach
// policy page", §3 "Policy", §4 "Policy", §5 "Policy"); signing clears the coach's policy alert (coach-shell §4).
import { legacyDateTime } from '../domain/dates.ts';
import { checkPolicySignature } from '../domain/validation.ts';
import type { PolicyAssignment, PolicyRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';
import { badRequest, type Handlers } from './context.ts';

export const POLICY_NOT_FOUND = 'This policy link is not valid.';
export const ALREADY_SIGNED = 'This policy has already been signed or accepted.';

function find(store: Store, coachId: string, policyId: string): { policy: PolicyRecord; assignment: PolicyAssignment } {
  const policy = store.policies.get(policyId);
  const assignment = store.policyAssignments.find((entry) => entry.coachUuid === coachId && entry.policyUuid === policyId);
  if (!policy || !assignment) throw badRequest(POLICY_NOT_FOUND);
  return { policy, assignment };
}

/** The signing time as the page shows it; the sandbox keeps every time in UTC. */
const localMinute = (iso: string): string => legacyDateTime(new Date(iso)).slice(0, 16);

export const policyPageHandlers: Handlers = {
  getPolicyDocument: ({ params, store }) => {
    const { policy, assignment } = find(store, params.coachId, params.policyId);
    const signedAt = assignment.coachSignedAt;
    return {
      code: policy.code,
      content: policy.content,
      welcomeMessage: policy.welcomeMessage,
      ackMethod: policy.ackMethod,
      extraFields: policy.extraFields,
      policyCoach: {
        coachTypedName: assignment.coachTypedName,
        coachTypedDate: assignment.coachTypedDate,
        coachSignedAt: signedAt,
        coachSignedAtLocal: signedAt ? localMinute(signedAt) : null,
      },
      providerTypedName: policy.providerTypedName,
      providerSignedAtLocal: policy.providerSignedAtLocal,
    };
  },

  acknowledgePolicy: ({ params, body, store, clock }) => {
    const { policy, assignment } = find(store, params.coachId, params.policyId);
    if (assignment.coachSignedAt) throw badRequest(ALREADY_SIGNED);
    const values = Object.fromEntries((body.extraFields ?? []).map((field) => [field.name, field.value]));
    const names = policy.extraFields.map((field) => field.name);
    const optional = policy.extraFields.filter((field) => /\(if any\)/i.test(field.caption)).map((field) => field.name);
    const problem = checkPolicySignature(policy.ackMethod, { ...body, extraFields: values }, names, optional);
    if (problem) throw badRequest(problem);
    const signing = policy.ackMethod === 'sign';
    assignment.coachTypedName = signing ? (body.coachTypedName ?? null) : null;
    assignment.coachTypedDate = signing ? (body.coachTypedDate ?? null) : null;
    assignment.extraFieldValues = signing ? names.map((name) => ({ name, value: values[name] ?? '' })) : [];
    assignment.coachSignedAt = new Date(clock.now()).toISOString();
    return { success: true };
  },
};
