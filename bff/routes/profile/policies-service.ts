// The policies the coach must sign or accept (spec coach-shell §2.3, §2.12, §4 "Policy"): the profile's list
// and the dashboard's 'Policies to sign or accept' modal, and the alert the modal polls every 2 seconds.
// A policy is overdue when today (UTC, as the legacy servers keep it) is on or after its due date.
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import type { OperationContext, OperationHandler } from '../../operation.ts';
import { upstreamError } from '../../problem.ts';

type PolicySummary = Bff['schemas']['PolicySummary'];
type LegacyPolicy = Legacy['schemas']['PolicySummary'];

const LEGACY_DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** Today as the legacy API writes dates (UTC). */
const todayUtc = (now: number) => new Date(now).toISOString().slice(0, 10);

function toPolicy(policy: LegacyPolicy, coachUuid: string, today: string): PolicySummary | null {
  if (policy.dueAt !== null && !LEGACY_DATE.test(policy.dueAt)) return null;
  return {
    uuid: policy.uuid,
    title: policy.title,
    code: policy.code,
    dueAt: policy.dueAt === null ? null : `${policy.dueAt}T00:00:00Z`,
    userActionDisplayText: policy.userActionDisplayText,
    overdue: policy.dueAt !== null && today >= policy.dueAt,
    url: `/coachportal/policies/${encodeURIComponent(coachUuid)}/${encodeURIComponent(policy.uuid)}`,
  };
}

async function policies(ctx: OperationContext & { session: { coachId: string } }, onlyActionable: boolean): Promise<PolicySummary[]> {
  const coachUuid = ctx.session.coachId;
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/policies', {
    params: { path: { coachId: coachUuid }, query: onlyActionable ? { onlyActionable: true } : {} },
  });
  if (!data) throw upstreamError();
  const today = todayUtc(Date.now());
  const items = data.policies.map((policy) => toPolicy(policy, coachUuid, today));
  if (items.some((item) => item === null)) {
    ctx.log.error('policies answered a dueAt that is not a date');
    throw upstreamError();
  }
  return items as PolicySummary[];
}

/** listPolicies: as the legacy API lists them, each with its overdue mark and its public page. */
export const listPolicies: OperationHandler<'listPolicies'> = async ({ query }, ctx) => ({
  items: await policies(ctx, query.onlyActionable === true),
});

/** getPolicyAlert: the legacy alert, and while it is up the earliest due date of the actionable policies. */
export const getPolicyAlert: OperationHandler<'getPolicyAlert'> = async (_input, ctx) => {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/policyAlert', { params: { path: { coachId: ctx.session.coachId } } });
  if (!data) throw upstreamError();
  if (!data.policyAlert) return { policyAlert: false, overdue: false, earliestDueAt: null };
  // RFC 3339 times of one form sort as strings.
  const [earliest] = (await policies(ctx, true))
    .filter((policy) => policy.dueAt !== null)
    .sort((a, b) => String(a.dueAt).localeCompare(String(b.dueAt)));
  return { policyAlert: true, overdue: earliest?.overdue ?? false, earliestDueAt: earliest?.dueAt ?? null };
};
