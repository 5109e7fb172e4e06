// The coach policy page: legacy GET/POST api/v2/coaches/{coachId}/policy/{policyId} ↔ the contract's
// PolicyPage (spec public-and-guest §2 "Coach policy page", §3 "Policy", §4 "Policy", §5 "Policy";
// openapi/bff paths api_public_policies_*). The page is public: the link's two uuids are the key.
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import type { OperationHandler } from '../../operation.ts';
import { problem, unknownLink } from '../../problem.ts';
import { type LegacyClient, legacyErrorInfo } from '../../upstream/legacy-client.ts';

type PolicyPage = Bff['schemas']['PolicyPage'];
type AcknowledgementRequest = Bff['schemas']['PolicyAcknowledgementRequest'];
type PolicyDocument = Legacy['schemas']['PolicyDocument'];
type PolicySignature = Legacy['schemas']['PolicySignature'];
type FieldError = { field: string; message: string };

export interface PolicyLink {
  coachUuid: string;
  policyUuid: string;
}

// The spec gives no wording for these (contract: acknowledgePolicy); stable codes, plain messages.
export const POLICY_MESSAGES = {
  typedNameRequired: 'Please type your name.',
  typedDateRequired: 'Please type the date.',
  extraFieldRequired: (caption: string) => `Please fill in ${caption}.`,
  unknownExtraField: (name: string) => `This policy has no field ${name}.`,
  // spec: assessments-and-clients §8, the generic failure message (a legacy error without its text).
  unexpected: 'There was an unexpected error',
} as const;

const failed = (code: string, detail: string, extensions: Record<string, unknown> = {}) => problem(400, code, detail, 'Failed', extensions);
const pathOf = ({ coachUuid, policyUuid }: PolicyLink) => ({ path: { coachId: coachUuid, policyId: policyUuid } });

function toPolicyPage(policy: PolicyDocument, link: PolicyLink): PolicyPage {
  const signature = policy.policyCoach;
  const signedAt = signature?.coachSignedAt ?? null;
  return {
    policyUuid: link.policyUuid,
    coachUuid: link.coachUuid,
    code: policy.code ?? '',
    content: policy.content,
    welcomeMessage: { beforeSigning: policy.welcomeMessage?.beforeSigning ?? '', afterSigning: policy.welcomeMessage?.afterSigning ?? '' },
    ackMethod: policy.ackMethod,
    extraFields: (policy.extraFields ?? []).map(({ name, caption }) => ({ name, caption })),
    acknowledged: signedAt !== null,
    acknowledgement:
      signature && signedAt !== null
        ? {
            typedName: signature.coachTypedName ?? null,
            typedDate: signature.coachTypedDate ?? null,
            signedAt,
            signedAtLocal: signature.coachSignedAtLocal ?? signedAt,
          }
        : null,
    provider:
      policy.providerTypedName && policy.providerSignedAtLocal
        ? { typedName: policy.providerTypedName, signedAtLocal: policy.providerSignedAtLocal }
        : null,
  };
}

// Public: no cookie, not even a signed-in coach's. The legacy API refuses to read a policy only when the link's
// two ids are not a policy of that coach: a guess that missed.
async function readPolicy(legacy: LegacyClient, link: PolicyLink): Promise<PolicyDocument> {
  const { data, error } = await legacy.GET('/api/v2/coaches/{coachId}/policy/{policyId}', { params: pathOf(link) });
  if (!data) throw unknownLink(failed('policy_unavailable', legacyErrorInfo(error) ?? POLICY_MESSAGES.unexpected));
  return data;
}

export const getPolicyPage: OperationHandler<'getPolicyPage'> = async ({ params }, ctx) =>
  toPolicyPage(await readPolicy(ctx.publicLegacy, params), params);

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * spec §5 "Policy": for `sign`, the typed name, the typed date and every extra field of the policy are
 * required, but one captioned '(if any)' (the schema cannot know the policy's fields); the first missing one decides the code, and
 * `errors` lists each. Lengths are the contract's (schema validation).
 */
function signature(policy: PolicyDocument, input: AcknowledgementRequest): PolicySignature {
  const fields = policy.extraFields ?? [];
  const values = input.extraFields ?? {};
  const unknown = Object.keys(values).filter((name) => !fields.some((field) => field.name === name));
  if (unknown.length > 0) {
    const errors = unknown.map((name) => ({ field: `extraFields.${name}`, message: POLICY_MESSAGES.unknownExtraField(name) }));
    throw failed('validation_failed', errors[0]?.message ?? POLICY_MESSAGES.unexpected, { errors });
  }
  const missing: (FieldError & { code: string })[] = [];
  if (blank(input.typedName)) missing.push({ code: 'typed_name_required', field: 'typedName', message: POLICY_MESSAGES.typedNameRequired });
  if (blank(input.typedDate)) missing.push({ code: 'typed_date_required', field: 'typedDate', message: POLICY_MESSAGES.typedDateRequired });
  for (const { name, caption } of fields) {
    // A field whose caption says '(if any)' may stay empty.
    if (blank(values[name]) && !/\(if any\)/i.test(caption))
      missing.push({ code: 'extra_field_required', field: `extraFields.${name}`, message: POLICY_MESSAGES.extraFieldRequired(caption) });
  }
  const [first] = missing;
  if (first) throw failed(first.code, first.message, { errors: missing.map(({ field, message }) => ({ field, message })) });
  return {
    coachTypedName: (input.typedName ?? '').trim(),
    coachTypedDate: (input.typedDate ?? '').trim(),
    extraFields: fields.map(({ name }) => ({ name, value: (values[name] ?? '').trim() })),
  };
}

/** Sign or accept, then answer the policy as it now reads (the page needs no reload; spec §4 "Policy"). */
export const acknowledgePolicy: OperationHandler<'acknowledgePolicy'> = async ({ params, body: input }, ctx) => {
  const policy = await readPolicy(ctx.publicLegacy, params);
  // 'none' and 'click' need no input (spec §5): whatever was typed is not sent.
  const body = policy.ackMethod === 'sign' ? signature(policy, input ?? {}) : {};
  const { data, error } = await ctx.publicLegacy.POST('/api/v2/coaches/{coachId}/policy/{policyId}', { params: pathOf(params), body });
  if (!data || data.success === false) throw failed('policy_ack_failed', legacyErrorInfo(error) ?? POLICY_MESSAGES.unexpected);
  return toPolicyPage(await readPolicy(ctx.publicLegacy, params), params);
};
