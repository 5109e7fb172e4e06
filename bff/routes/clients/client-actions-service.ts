// Adding clients and assessments and importing results obtained elsewhere (spec assessments-and-clients §2.3,
// §3.2, §3.6, §5 "Add client and assessment", "Import results", §6, §8, §9): the checks of the dialogs in the
// spec's order, then the legacy calls. An assistant may do all of it for the coach (§1, §6).
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { isEmailAddress } from '../../domain/form-rules.ts';
import { isReceived } from '../../domain/pipeline.ts';
import { created, type HttpAnswer, type OperationInput, type SessionContext } from '../../operation.ts';
import { failed, notFound, type ProblemError, problem, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import type { SessionRecord } from '../../session/session-record.ts';
import { isLegacyRefusal, legacyErrorInfo } from '../../upstream/legacy-client.ts';

type LegacyAssessment = Legacy['schemas']['Assessment'];
type NewAssessment = Bff['schemas']['NewAssessment'];
type ClientCreated = Bff['schemas']['ClientCreated'];
type ImportedResults = Bff['schemas']['ImportedResults'];
type InstinctScores = Bff['schemas']['InstinctScores'];
type AssessmentType = Bff['schemas']['AssessmentType'];
type TokenType = Bff['schemas']['TokenType'];

// spec §5, §8 (the contract's texts where the spec has none).
export const CLIENT_MESSAGES = {
  detailsRequired: 'Please fill in all the client details (name, surname, and email).',
  invalidEmail: 'Please provide a valid email address.',
  clientExists: 'You have already added this client. Please add an assessment to the existing client.',
  assessmentRequiredNew: 'Please select an Assessment',
  assessmentRequired: 'Please select an assessment',
  instinctTie: 'The instinct scores must be different from each other; there cannot be a tie.',
  typeNotAllowed: 'Maturity and Full assessments are not available at your accreditation level.',
  impersonatorOnly: 'Only an administrator acting as the coach can choose the token type.',
} as const;

/** The token types the selector offers an impersonator (contract NewAssessment.tokenType); the others are the system's. */
const SELECTABLE_TOKEN_TYPES: ReadonlySet<TokenType> = new Set(['paid', 'marketing', 'accreditation', 'retest', 'probono']);
type SelectableTokenType = 'paid' | 'marketing' | 'accreditation' | 'retest' | 'probono';

const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/** The client details as the dialogs check them: all three required, then a valid e-mail (spec §5). */
function clientDetailsProblem(body: { name?: unknown; surname?: unknown; email?: unknown }): ProblemError | undefined {
  if (blank(body.name) || blank(body.surname) || blank(body.email))
    return failed(400, 'client_details_required', CLIENT_MESSAGES.detailsRequired);
  if (!isEmailAddress((body.email as string).trim())) return failed(400, 'invalid_email', CLIENT_MESSAGES.invalidEmail);
  return undefined;
}

/** Add Assessment for New Client: the details, then the assessment type ("Please select an Assessment"). */
export function newClientFormProblem(body: unknown): ProblemError | undefined {
  const form = (body ?? {}) as { name?: unknown; surname?: unknown; email?: unknown; assessment?: { assessmentType?: unknown } };
  const details = clientDetailsProblem(form);
  if (details) return details;
  if (typeof form.assessment !== 'object' || form.assessment === null || form.assessment.assessmentType === undefined) {
    return failed(400, 'assessment_required', CLIENT_MESSAGES.assessmentRequiredNew);
  }
  return undefined;
}

/** Add Assessment to Existing Client: no assessment type is "Please select an assessment". */
export function newAssessmentFormProblem(body: unknown): ProblemError | undefined {
  const form = (body ?? {}) as { assessmentType?: unknown };
  return form.assessmentType === undefined ? failed(400, 'assessment_required', CLIENT_MESSAGES.assessmentRequired) : undefined;
}

/** Import Results for a new client: the client details in the spec's order; anything else is validation_failed. */
export function importFormProblem(body: unknown): ProblemError | undefined {
  return clientDetailsProblem((body ?? {}) as { name?: unknown; surname?: unknown; email?: unknown });
}

/** A token type is an impersonator's choice (spec §6, coach-shell §6). */
function tokenTypeOf(session: SessionRecord, tokenType: TokenType | undefined): SelectableTokenType {
  if (tokenType === undefined) return 'paid';
  if (!session.flags.impersonator) throw problem(403, 'impersonator_only', CLIENT_MESSAGES.impersonatorOnly);
  if (!SELECTABLE_TOKEN_TYPES.has(tokenType)) {
    throw problem(400, 'validation_failed', 'The request is not valid.', 'Failed', {
      errors: [{ field: 'tokenType', message: 'is set by the system' }],
    });
  }
  return tokenType as SelectableTokenType;
}

/**
 * spec §5, §6: Maturity and Full are disabled for coach levels 0 and 1. The session knows levels 0 to 4; a level
 * it does not know is left to the legacy API, which refuses the type itself.
 */
export function checkTypeAllowed(session: SessionRecord, type: AssessmentType): void {
  const level = session.flags.accreditationLevel;
  if (level !== undefined && level <= 1 && type !== 'ennea')
    throw failed(403, 'assessment_type_not_allowed', CLIENT_MESSAGES.typeNotAllowed);
}

/** The legacy token fields of a new assessment (defaults: token type paid, language english, spec §5). */
export function legacyAssessmentFields(session: SessionRecord, assessment: NewAssessment) {
  checkTypeAllowed(session, assessment.assessmentType);
  return {
    assessmentType: assessment.assessmentType,
    tokenType: tokenTypeOf(session, assessment.tokenType),
    ...(assessment.project?.trim() && { userCoach: assessment.project.trim() }),
    reportsToAutoSend: assessment.reportsToAutoSend?.length ? assessment.reportsToAutoSend.join(',') : '-',
    assessmentLanguage: assessment.language ?? 'english',
  };
}

/** spec §8: a legacy refusal (a 4xx: the user's) shows its error.info; any other failure "There was an unexpected error". */
function creationFailed(status: number, error: unknown): ProblemError {
  return isLegacyRefusal({ status })
    ? failed(400, 'upstream_rejected', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE)
    : failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
}

/** The client's assessments that are the coach's own (not received); 404 when the client is not the coach's. */
async function ownClientAssessments(ctx: SessionContext, clientId: string): Promise<LegacyAssessment[]> {
  const { data, response } = await ctx.legacy.GET('/api/v2/clients/{clientId}/tokens', { params: { path: { clientId } } });
  if (!data) {
    if (response.status === 400 || response.status === 404) throw notFound();
    throw upstreamError();
  }
  return data.filter((a) => a.clientUUID === clientId && a.coachUUID === ctx.session.coachId && !isReceived(a));
}

/**
 * Creates the assessment, then reads the client's assessments back for its id (the spec does not show the
 * legacy answer): the id the answer names when it has one, else the newest of the coach's of that type.
 */
async function createAssessment(ctx: SessionContext, clientId: string, fields: ReturnType<typeof legacyAssessmentFields>): Promise<string> {
  const { data, error, response } = await ctx.legacy.POST('/api/v2/clients/{clientId}/tokens', {
    params: { path: { clientId } },
    body: fields,
  });
  if (!response.ok) throw creationFailed(response.status, error);
  const assessments = await ownClientAssessments(ctx, clientId);
  const named = typeof data?.uuid === 'string' ? assessments.find((a) => a.uuid === data.uuid) : undefined;
  const newest = assessments
    .filter((a) => a.assessmentType === fields.assessmentType)
    .reduce<LegacyAssessment | undefined>((latest, a) => (!latest || a.tokenCreatedAt >= latest.tokenCreatedAt ? a : latest), undefined);
  const found = named ?? newest;
  if (!found) {
    ctx.log.error({ clientId }, 'the new assessment is not among the client assessments');
    throw upstreamError();
  }
  return found.uuid;
}

/** createClient: the duplicate check on the coach's own clients, then the client, then its first assessment. */
export async function createClient({ body }: OperationInput<'createClient'>, ctx: SessionContext): Promise<HttpAnswer<ClientCreated>> {
  const formProblem = newClientFormProblem(body);
  if (formProblem) throw formProblem;
  const fields = legacyAssessmentFields(ctx.session, body.assessment);
  const email = body.email.trim();
  const own = await ctx.legacy.GET('/api/v2/coaches/{coachId}/tokensX', { params: { path: { coachId: ctx.session.coachId } } });
  if (!own.data) throw upstreamError();
  // spec §5: a client of the coach's own (not from another coach) with the same e-mail, case-insensitively.
  const lower = email.toLowerCase();
  if (own.data.some((a) => !isReceived(a) && a.clientEmail.trim().toLowerCase() === lower)) {
    throw failed(409, 'client_exists', CLIENT_MESSAGES.clientExists);
  }
  const client = await ctx.legacy.POST('/api/v2/coaches/{coachId}/clients', {
    params: { path: { coachId: ctx.session.coachId } },
    body: {
      name: body.name.trim(),
      surname: body.surname.trim(),
      email,
      ...(body.company?.trim() && { company: body.company.trim() }),
      ...(body.otherData?.trim() && { otherData: body.otherData.trim() }),
    },
  });
  if (!client.data) throw creationFailed(client.response.status, client.error);
  const clientId = client.data.uuid;
  return created({ clientId, assessmentId: await createAssessment(ctx, clientId, fields) }, `/api/clients/${clientId}`);
}

/** addClientAssessment: only for the coach's own client (404 otherwise, checked before anything is created). */
export async function addClientAssessment(
  { params: { clientId }, body }: OperationInput<'addClientAssessment'>,
  ctx: SessionContext,
): Promise<HttpAnswer<ClientCreated>> {
  const fields = legacyAssessmentFields(ctx.session, body);
  if ((await ownClientAssessments(ctx, clientId)).length === 0) throw notFound();
  return created({ clientId, assessmentId: await createAssessment(ctx, clientId, fields) }, `/api/clients/${clientId}`);
}

/** spec §5 "Import results": the three instinct scores must all differ. */
function checkInstincts({ sp, so, sx }: InstinctScores): void {
  if (sp === so || sp === sx || so === sx) throw failed(400, 'instinct_tie', CLIENT_MESSAGES.instinctTie);
}

/** The results fields every import sends (spec §3.6). */
function resultsFields(body: OperationInput<'importClientResults'>['body']) {
  return {
    ...(body.project?.trim() && { project: body.project.trim() }),
    ...(body.otherData?.trim() && { otherData: body.otherData.trim() }),
    enneaRankingCSV: body.enneaRanking.join(','),
    assessmentLanguage: body.language ?? 'english',
    scoreSP: body.instinctScores.sp,
    scoreSO: body.instinctScores.so,
    scoreSX: body.instinctScores.sx,
  };
}

/** spec §8: "Import failure shows error.info or error". */
function importFailed(status: number, error: unknown): ProblemError {
  if (!isLegacyRefusal({ status })) return upstreamError();
  const plain = (error as { error?: unknown } | undefined)?.error;
  return failed(
    400,
    'import_failed',
    legacyErrorInfo(error) ?? (typeof plain === 'string' && plain.trim() !== '' ? plain : UNEXPECTED_MESSAGE),
  );
}

function importedOf(data: { guest?: { userName?: string; userSurname?: string } } | undefined, ctx: SessionContext): ImportedResults {
  const guest = data?.guest;
  if (typeof guest?.userName !== 'string' || typeof guest.userSurname !== 'string') {
    ctx.log.error('the import answer names no client');
    throw upstreamError();
  }
  return { name: guest.userName, surname: guest.userSurname };
}

/** importNewClientResults: a new client with a completed Enneagram assessment from results obtained elsewhere. */
export async function importNewClientResults(
  { body }: OperationInput<'importNewClientResults'>,
  ctx: SessionContext,
): Promise<HttpAnswer<ImportedResults>> {
  const formProblem = importFormProblem(body);
  if (formProblem) throw formProblem;
  checkInstincts(body.instinctScores);
  const { data, error, response } = await ctx.legacy.POST('/api/v3/coaches/{coachId}/newClientImportResults', {
    params: { path: { coachId: ctx.session.coachId } },
    body: {
      name: body.name.trim(),
      surname: body.surname.trim(),
      email: body.email.trim(),
      ...(body.company?.trim() && { company: body.company.trim() }),
      ...resultsFields(body),
    },
  });
  if (!data) throw importFailed(response.status, error);
  return created(importedOf(data, ctx));
}

/** importClientResults: the results added to the coach's own client (404 otherwise). */
export async function importClientResults(
  { params: { clientId }, body }: OperationInput<'importClientResults'>,
  ctx: SessionContext,
): Promise<HttpAnswer<ImportedResults>> {
  checkInstincts(body.instinctScores);
  if ((await ownClientAssessments(ctx, clientId)).length === 0) throw notFound();
  const { data, error, response } = await ctx.legacy.POST('/api/v3/importResults/{clientId}', {
    params: { path: { clientId } },
    body: resultsFields(body),
  });
  if (!data) throw importFailed(response.status, error);
  return created(importedOf(data, ctx), `/api/clients/${clientId}`);
}
