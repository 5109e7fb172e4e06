// The profile's Assistants section (spec coach-shell §2.12, §3 "Assistant", §4 "Assistant blocked/unblocked",
// §5 "Assistant add/edit", §8 "Assistant"): list, add, edit, block and unblock. An assistant's own session is
// refused all of it before anything is read (bff/roles.ts).
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { isEmailAddress } from '../../domain/form-rules.ts';
import { created, noContent, type OperationHandler, type SessionContext } from '../../operation.ts';
import { failed, notFound, type ProblemError, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import { isLegacyRefusal, legacyErrorInfo, legacyFailure } from '../../upstream/legacy-client.ts';

type Assistant = Bff['schemas']['Assistant'];
type AssistantInput = Bff['schemas']['AssistantInput'];
type LegacyAssistant = Legacy['schemas']['Assistant'];

// spec coach-shell §5 "Assistant add/edit", §8 "Assistant".
export const ASSISTANT_MESSAGES = {
  fieldsRequired: 'Please fill in all fields: name, surname, and email.',
  invalidEmail: 'Please enter a valid email address.',
  editFailed: 'Failed',
} as const;

const FIELDS = ['name', 'surname', 'email'] as const;

const fieldsRequired = (): ProblemError => failed(400, 'assistant_fields_required', ASSISTANT_MESSAGES.fieldsRequired);
const invalidEmail = (): ProblemError => failed(400, 'invalid_email', ASSISTANT_MESSAGES.invalidEmail);

/**
 * The dialog's checks in the spec's order, on the raw body (also a body the contract refused): every field
 * filled in, then a valid e-mail; anything else the contract refuses (over 45 characters) stays validation_failed.
 */
export function assistantFormProblem(body: unknown): ProblemError | undefined {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const values = FIELDS.map((field) => fields[field]);
  if (values.some((value) => typeof value !== 'string' || value.trim() === '')) return fieldsRequired();
  if (!isEmailAddress((fields.email as string).trim())) return invalidEmail();
  return undefined;
}

/** The form's values, trimmed, once the checks passed. */
function assistantInput(body: AssistantInput): AssistantInput {
  const problem = assistantFormProblem(body);
  if (problem) throw problem;
  return { name: body.name.trim(), surname: body.surname.trim(), email: body.email.trim() };
}

const toAssistant = ({ uuid, name, surname, email, isBlocked }: LegacyAssistant): Assistant => ({ uuid, name, surname, email, isBlocked });

async function readAssistants(ctx: SessionContext): Promise<Assistant[]> {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/assistants', { params: { path: { coachId: ctx.session.coachId } } });
  if (!data) throw upstreamError();
  return data.assistants.map(toAssistant);
}

/** After a legacy refusal: 404 when the assistant is not one of the coach's, else the operation's own failure. */
async function refusal(ctx: SessionContext, assistantId: string, otherwise: ProblemError): Promise<ProblemError> {
  const assistants = await readAssistants(ctx);
  return assistants.some((assistant) => assistant.uuid === assistantId) ? otherwise : notFound();
}

export const listAssistants: OperationHandler<'listAssistants'> = async (_input, ctx) => ({ items: await readAssistants(ctx) });

/** addAssistant: the legacy `success` false (or a refusal, never a 5xx) is 'Requesting assistant failed: {error}'. */
export const addAssistant: OperationHandler<'addAssistant'> = async ({ body }, ctx) => {
  const { data, error, response } = await ctx.legacy.POST('/api/v2/coaches/{coachId}/newAssistantRequested', {
    params: { path: { coachId: ctx.session.coachId } },
    body: assistantInput(body),
  });
  if (data?.success) return created({ message: data.message ?? null });
  if (!data && !isLegacyRefusal(response)) throw upstreamError();
  const reason = data ? (data.error ?? '') : (legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  throw failed(400, 'assistant_request_failed', `Requesting assistant failed: ${reason}`.trim());
};

/**
 * updateAssistant: the edit, then the assistant as listed afterwards; a refusal (`success` false, or a legacy 4xx such as
 * 'This email address is already in use.') is the 'Failed' toast (spec §8), a 400: the user's, never a 5xx.
 */
export const updateAssistant: OperationHandler<'updateAssistant'> = async ({ params, body }, ctx) => {
  const input = assistantInput(body);
  const answer = await ctx.legacy.POST('/api/v2/coaches/{coachId}/assistantEdit/{assistantId}', {
    params: { path: { coachId: ctx.session.coachId, assistantId: params.assistantId } },
    body: input,
  });
  if (!answer.data?.success) {
    if (!answer.data && !isLegacyRefusal(answer.response)) throw upstreamError();
    ctx.log.info({ info: legacyErrorInfo(answer.error) }, 'the legacy assistant edit was refused');
    throw await refusal(ctx, params.assistantId, failed(400, 'assistant_update_failed', ASSISTANT_MESSAGES.editFailed));
  }
  const assistant = (await readAssistants(ctx)).find(({ uuid }) => uuid === params.assistantId);
  if (!assistant) throw notFound();
  return assistant;
};

/** setAssistantBlocked: a refusal's `error.info` is the alert's text under the title 'Failed' (spec §4, §8), a 400. */
export const setAssistantBlocked: OperationHandler<'setAssistantBlocked'> = async ({ params, body }, ctx) => {
  const answer = await ctx.legacy.GET('/api/v2/coaches/{coachId}/assistantBlock/{assistantId}/{action}', {
    params: { path: { coachId: ctx.session.coachId, assistantId: params.assistantId, action: body.isBlocked ? 'block' : 'unblock' } },
  });
  if (answer.response.ok) return noContent();
  if (!isLegacyRefusal(answer.response)) throw upstreamError();
  throw await refusal(ctx, params.assistantId, legacyFailure(answer, 'assistant_block_failed'));
};
