// The assessments' multi-select actions (spec assessments-and-clients §2.3, §4.3, §4.5, §5, §8): Send
// Invites/Reminders, Send Reports, their previews and Delete. The one place where the legacy token records
// and e-mail answers become the contract's batch results; the fan-out is batch/run-batch.ts, the rules
// batch/assessment-batch-rules.ts.
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { BatchItemError } from '../../batch/batch-errors.ts';
import { type BatchResult, runBatch } from '../../batch/run-batch.ts';
import { fromLegacyTime } from '../../domain/legacy-time.ts';
import { hasRegistered } from '../../domain/pipeline.ts';
import type { InvalidField, OperationInput, SessionContext } from '../../operation.ts';
import { failed, problem, UNEXPECTED_MESSAGE } from '../../problem.ts';
import type { SessionRecord } from '../../session/session-record.ts';
import { isLegacyRefusal, legacyErrorInfo } from '../../upstream/legacy-client.ts';
import {
  alreadyRegistered,
  clientName,
  planInvites,
  planWrap,
  refuseReceived,
  type SelectedAssessment,
  sendFailed,
  wrapFailed,
} from './assessment-batch-rules.ts';
import { offeredOf, type ReportCode } from './report-availability.ts';

export type LegacyAssessment = Legacy['schemas']['Assessment'];
type EmailSendResult = Legacy['schemas']['EmailSendResult'];
type ReportEmailRequest = Bff['schemas']['ReportEmailRequest'];
type InviteBatchResult = Bff['schemas']['InviteBatchResult'];
type ReportEmailBatchResult = Bff['schemas']['ReportEmailBatchResult'];
type EmailDraft = Bff['schemas']['EmailDraft'];
type EmailPreview = Bff['schemas']['EmailPreview'];

export interface BatchSettings {
  concurrency: number;
  itemTimeoutMs: number;
}

/** A selected id with what the rules need, and its legacy record (null: not in the coach's own or received lists). */
export interface Selected extends SelectedAssessment {
  row: LegacyAssessment | null;
}

// spec assessments-and-clients §5 "Sending and downloading reports"; §4.3.
export const MESSAGES = {
  reportRequired: 'Please select a report',
  coachEmailRequired: 'Please enter email address',
  ownEmailSingleOnly: "Can't send from your email address because more than one assessment has been selected.",
  // The contract names these codes without a text; these are the BFF's.
  impersonatorOnly: 'Only an administrator acting as the coach can send to another e-mail address.',
  reportNotAvailable: 'None of the selected reports is available for this assessment.',
  unknownAssessment: 'The page or record could not be found.',
} as const;
/** How an id that is in neither of the coach's lists is named in a failure. */
export const UNKNOWN_NAME = 'Unknown assessment';
// spec assessments-and-clients §8: the legacy text of a team-report lock, passed on with its own code.
const TEAM_REPORT_LOCK = /^The report for team .+ has already been requested or generated - cannot delete\.$/;

function toSelected(id: string, row: LegacyAssessment | undefined): Selected {
  if (!row) return { id, name: UNKNOWN_NAME, completed: false, receivedFromAnotherCoach: false, row: null };
  return {
    id,
    name: clientName(row.clientName, row.clientSurname),
    completed: row.guestCompletedAt !== null,
    receivedFromAnotherCoach: row.fromAnotherCoach === 1,
    wrapped: row.coachWrappedUp === 1,
    row,
  };
}

/**
 * The selected ids in request order with their legacy records, read once per call: the coach's own list, merged
 * with the received one only when an id is missing from it (spec §7: "both merged when the coach has received SCOs").
 */
export async function readSelection(ctx: SessionContext, ids: readonly string[]): Promise<Selected[]> {
  const path = { coachId: ctx.session.coachId };
  const own = await ctx.legacy.GET('/api/v2/coaches/{coachId}/tokensX', { params: { path } });
  if (!own.data) throw failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
  const rows = new Map(own.data.map((row) => [row.uuid, row]));
  if (ids.some((id) => !rows.has(id))) {
    const received = await ctx.legacy.GET('/api/v2/coaches/{coachId}/tokensX', { params: { path, query: { mode: 'received' } } });
    if (!received.data) throw failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
    for (const row of received.data) if (!rows.has(row.uuid)) rows.set(row.uuid, row);
  }
  return ids.map((id) => toSelected(id, rows.get(id)));
}

function known(item: Selected): LegacyAssessment {
  if (!item.row) throw new BatchItemError('not_found', MESSAGES.unknownAssessment);
  return item.row;
}

/** `coachEmailAddress` belongs to an impersonator's session, and there it is required (spec §4.3, §6). */
export function destinationOf(session: SessionRecord, coachEmailAddress: string | undefined): string | null {
  if (!session.flags.impersonator) {
    if (coachEmailAddress !== undefined) throw problem(403, 'impersonator_only', MESSAGES.impersonatorOnly);
    return null;
  }
  if (!coachEmailAddress) throw failed(400, 'coach_email_required', MESSAGES.coachEmailRequired);
  return coachEmailAddress;
}

/** The legacy answer of one e-mail: sent by the server, or prepared for the coach's own e-mail client. */
function emailOutcome(answer: EmailSendResult | undefined, error: unknown, serverSend: boolean): EmailSendResult {
  if (!answer) throw new BatchItemError('send_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  if (answer.error) throw new BatchItemError('send_failed', answer.error);
  if (serverSend && !answer.sent) throw new BatchItemError('send_failed', UNEXPECTED_MESSAGE);
  return answer;
}

/** The drafts of the items that succeeded, in selection order. */
const inOrder = (items: readonly Selected[], drafts: Map<string, EmailDraft>): EmailDraft[] =>
  items.flatMap((item) => drafts.get(item.id) ?? []);

const draftOf = (item: Selected, answer: EmailSendResult): EmailDraft => ({
  id: item.id,
  name: item.name,
  emailAddress: answer.emailAddress,
  subject: answer.subject,
  body: answer.body,
});

function batchOptions(ctx: SessionContext, settings: BatchSettings) {
  return { ...settings, signal: ctx.signal, log: ctx.log };
}

/** Send Invites/Reminders (contract: sendInvites): completed skipped, one `sendinvite` per other assessment. */
export async function sendInvites(
  { body }: OperationInput<'sendInvites'>,
  ctx: SessionContext,
  settings: BatchSettings,
): Promise<InviteBatchResult> {
  // The legacy invite call takes no address: the impersonator's legacy session sends to the coach (spec §4.3).
  destinationOf(ctx.session, body.coachEmailAddress);
  const { toSend, skippedCompleted } = planInvites(await readSelection(ctx, body.ids));
  const drafts = new Map<string, EmailDraft>();
  let reminders = 0;
  const result = await runBatch(
    toSend,
    async (item, signal) => {
      const row = known(item);
      const { data, error } = await ctx.legacy.GET('/api/v2/tokens/{assessmentId}/sendinvite', {
        params: { path: { assessmentId: item.id }, query: { serverSend: body.serverSend } },
        signal,
      });
      const answer = emailOutcome(data, error, body.serverSend);
      // Timed out or stopped meanwhile: the batch counts the item already, so nothing of it is recorded.
      signal.throwIfAborted();
      // A client invited before gets a reminder (spec §4.3).
      if (row.userInvite === 1) reminders++;
      if (!body.serverSend) drafts.set(item.id, draftOf(item, answer));
    },
    { ...batchOptions(ctx, settings), failureMessage: sendFailed },
  );
  return { ...result, skippedCompleted, reminders, drafts: inOrder(toSend, drafts) };
}

/** The invite preview (contract: previewInvite): the first selected assessment that is not complete. */
export async function previewInvite({ body }: OperationInput<'previewInvite'>, ctx: SessionContext): Promise<EmailPreview> {
  const destination = destinationOf(ctx.session, body.coachEmailAddress);
  const selection = (await readSelection(ctx, body.ids)).filter((item) => item.row !== null);
  const [first] = planInvites(selection).toSend;
  const { data, error } = await ctx.legacy.GET('/api/v2/tokens/{assessmentId}/sendinvite', {
    params: { path: { assessmentId: (first as Selected).id }, query: { serverSend: body.serverSend, forPreview: true } },
  });
  return previewOf(data, error, destination);
}

// spec §8: "Preview 400s show error.info".
function previewOf(answer: EmailSendResult | undefined, error: unknown, destination: string | null): EmailPreview {
  if (!answer) throw failed(400, 'preview_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  if (answer.error) throw failed(400, 'preview_failed', answer.error);
  return { emailAddress: destination ?? answer.emailAddress, subject: answer.subject, body: answer.body };
}

/** An empty or missing `reports` is the spec's toast, not validation_failed (contract: sendReports, createReportDownload). */
export function aboutReports(failure: InvalidField): boolean {
  return failure.in === 'body' && (failure.field === 'reports' || failure.field.startsWith('reports.'));
}

export const reportRequired = () => failed(400, 'report_required', MESSAGES.reportRequired);

/** The checks every report e-mail call makes before reading anything (contract: sendReports, previewReportEmail). */
function reportEmailDestination(session: SessionRecord, body: ReportEmailRequest): string | null {
  if (!body.serverSend && body.ids.length > 1) throw failed(400, 'own_email_single_only', MESSAGES.ownEmailSingleOnly);
  return destinationOf(session, body.coachEmailAddress);
}

function reportsBody(reports: ReportCode[], destination: string | null) {
  return { reports, destinationEmailAddress: destination, useClientEmailAddress: destination === null };
}

/** Send Reports (contract: sendReports): per assessment, the chosen reports it offers. */
export async function sendReports(
  { body }: OperationInput<'sendReports'>,
  ctx: SessionContext,
  settings: BatchSettings,
): Promise<ReportEmailBatchResult> {
  const destination = reportEmailDestination(ctx.session, body);
  const selection = await readSelection(ctx, body.ids);
  const drafts = new Map<string, EmailDraft>();
  const result: BatchResult = await runBatch(
    selection,
    async (item, signal) => {
      const reports = offeredOf(known(item), body.reports);
      if (reports.length === 0) throw new BatchItemError('report_not_available', MESSAGES.reportNotAvailable);
      const { data, error } = await ctx.legacy.POST('/api/v3/tokens/{assessmentId}/reports', {
        params: { path: { assessmentId: item.id }, query: { serverSend: body.serverSend } },
        body: reportsBody(reports, destination),
        signal,
      });
      const answer = emailOutcome(data, error, body.serverSend);
      signal.throwIfAborted();
      if (!body.serverSend) drafts.set(item.id, draftOf(item, answer));
    },
    { ...batchOptions(ctx, settings), failureMessage: sendFailed },
  );
  return { ...result, drafts: inOrder(selection, drafts) };
}

/** The report e-mail preview (contract: previewReportEmail): the first selected assessment offering a chosen report. */
export async function previewReportEmail({ body }: OperationInput<'previewReportEmail'>, ctx: SessionContext): Promise<EmailPreview> {
  const destination = reportEmailDestination(ctx.session, body);
  const selection = await readSelection(ctx, body.ids);
  const first = selection.find((item) => item.row !== null && offeredOf(item.row, body.reports).length > 0);
  if (!first?.row) throw failed(400, 'preview_failed', MESSAGES.reportNotAvailable);
  const { data, error } = await ctx.legacy.POST('/api/v3/tokens/{assessmentId}/reports', {
    params: { path: { assessmentId: first.id }, query: { serverSend: body.serverSend, forPreview: true } },
    body: reportsBody(offeredOf(first.row, body.reports), destination),
  });
  return previewOf(data, error, destination);
}

/** Delete (contract: deleteAssessments): received assessments refuse the whole selection; registered ones fail. */
export async function deleteAssessments(
  { body: { ids } }: OperationInput<'deleteAssessments'>,
  ctx: SessionContext,
  settings: BatchSettings,
): Promise<BatchResult> {
  const selection = await readSelection(ctx, ids);
  refuseReceived(selection);
  return runBatch(
    selection,
    async (item, signal) => {
      const row = known(item);
      // spec §9: "Assessments can be deleted only before the client registers" (the list was read just now).
      if (hasRegistered(row)) {
        throw alreadyRegistered(item.name);
      }
      const { response, error } = await ctx.legacy.DELETE('/api/v2/tokens/{assessmentId}', {
        params: { path: { assessmentId: item.id } },
        signal,
      });
      if (response.ok) return;
      const info = legacyErrorInfo(error);
      if (info && TEAM_REPORT_LOCK.test(info)) throw new BatchItemError('team_report_locked', info);
      throw new BatchItemError('delete_failed', info ?? UNEXPECTED_MESSAGE);
    },
    batchOptions(ctx, settings),
  );
}

/**
 * Wrap / Unwrap (contract: setAssessmentsWrapped): a selection with received assessments or mixing wrapped and
 * unwrapped ones is refused as a whole (spec §4.4, §4.7); then one `PATCH api/v2/tokens/{uuid}` per assessment
 * not yet in that state (one already in it counts as done: the coach asked for that state).
 */
export async function setAssessmentsWrapped(
  { body: { ids, wrapped } }: OperationInput<'setAssessmentsWrapped'>,
  ctx: SessionContext,
  settings: BatchSettings,
): Promise<BatchResult> {
  const selection = await readSelection(ctx, ids);
  const toChange = new Set(planWrap(selection, wrapped).toChange);
  return runBatch(
    selection,
    async (item, signal) => {
      known(item);
      if (!toChange.has(item)) return;
      const { response } = await ctx.legacy.PATCH('/api/v2/tokens/{assessmentId}', {
        params: { path: { assessmentId: item.id } },
        body: { coachWrappedUp: wrapped ? 1 : 0 },
        signal,
      });
      if (!response.ok) throw new BatchItemError('wrap_failed', wrapFailed(item));
    },
    // spec §8: every failed item reads "{name} wrapped up failed. Update failed for {name}." (a 5xx included).
    { ...batchOptions(ctx, settings), failureMessage: (item, reason) => (reason.code === 'not_found' ? reason.message : wrapFailed(item)) },
  );
}

// spec assessments-and-clients §5 "Edit", §4.9.
export const INVALID_CLIENT_EMAIL = 'Please provide a valid email address.';
/** The Edit dialog's own text for an e-mail the contract refuses. */
export const aboutClientEmail = (failure: InvalidField): boolean => failure.in === 'body' && failure.field === 'email';
export const invalidClientEmail = () => failed(400, 'validation_failed', INVALID_CLIENT_EMAIL);
export const COMPLETED_FIELDS_LOCKED = 'Name, surname and email cannot be changed once an assessment is complete.';
/** "Update failed for {name}." */
export const updateFailed = (name: string): string => `Update failed for ${name}.`;

/**
 * Edit (contract: editAssessments): the selection is checked whole (received assessments; name, surname and e-mail
 * of a completed one, except for an impersonator), then each assessment gets its token fields and, the first time
 * its client comes up, the client's fields.
 */
export async function editAssessments(
  { body }: OperationInput<'editAssessments'>,
  ctx: SessionContext,
  settings: BatchSettings,
): Promise<BatchResult> {
  const { ids, language, project, reportsToAutoSend, name, surname, email, company, otherData } = body;
  const selection = await readSelection(ctx, ids);
  refuseReceived(selection);
  const touchesIdentity = name !== undefined || surname !== undefined || email !== undefined;
  if (touchesIdentity && !ctx.session.flags.impersonator && selection.some((item) => item.completed)) {
    throw problem(400, 'completed_fields_locked', COMPLETED_FIELDS_LOCKED, 'Failed');
  }
  const tokenFields = {
    ...(language !== undefined ? { assessmentLanguage: language } : {}),
    ...(project !== undefined ? { userCoach: project } : {}),
    ...(reportsToAutoSend !== undefined ? { reportsToAutoSend: reportsToAutoSend.length > 0 ? reportsToAutoSend.join(',') : '-' } : {}),
  };
  const clientFields = {
    ...(name !== undefined ? { name } : {}),
    ...(surname !== undefined ? { surname } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(company !== undefined ? { company } : {}),
    ...(otherData !== undefined ? { otherData } : {}),
  };
  // Each client once, by the first of its selected assessments.
  const clientOwners = new Map<string, string>();
  for (const item of selection) if (item.row && !clientOwners.has(item.row.clientUUID)) clientOwners.set(item.row.clientUUID, item.id);

  return runBatch(
    selection,
    async (item, signal) => {
      const row = known(item);
      if (Object.keys(tokenFields).length > 0) {
        const { response, error } = await ctx.legacy.PATCH('/api/v2/tokens/{assessmentId}', {
          params: { path: { assessmentId: item.id } },
          body: tokenFields,
          signal,
        });
        if (!response.ok) throw new BatchItemError('update_failed', legacyErrorInfo(error) ?? updateFailed(item.name));
      }
      if (Object.keys(clientFields).length > 0 && clientOwners.get(row.clientUUID) === item.id) {
        const { response, error } = await ctx.legacy.PATCH('/api/v2/clients/{clientId}', {
          params: { path: { clientId: row.clientUUID } },
          body: clientFields,
          signal,
        });
        if (!response.ok) throw new BatchItemError('update_failed', legacyErrorInfo(error) ?? updateFailed(item.name));
      }
    },
    {
      ...batchOptions(ctx, settings),
      failureMessage: (item, reason) =>
        reason.code === 'update_failed' || reason.code === 'not_found' ? reason.message : updateFailed(item.name),
    },
  );
}

// spec assessments-and-clients §5 "Combine".
export const COMBINE_MESSAGES = {
  differentClients: 'You are not allowed to combine 2 different clients.',
  incomplete: 'Assessments are not complete.',
  sameType: 'The assessments you want to combine are the same.',
} as const;
const ENNEAGRAM_PART: ReadonlySet<string> = new Set(['ennea', 'full']);
const MATURITY_PART: ReadonlySet<string> = new Set(['EIT', 'full']);

/**
 * Combine (contract: combineAssessments): two completed assessments of one client, one supplying the Enneagram part
 * and the other the Maturity part, checked here in the spec's order, then legacy `hybridise` with the Enneagram
 * assessment as the one whose client details the combined assessment takes.
 */
export async function combineAssessments(
  { body: { enneagramAssessmentId, maturityAssessmentId } }: OperationInput<'combineAssessments'>,
  ctx: SessionContext,
): Promise<Bff['schemas']['CombineResult']> {
  if (enneagramAssessmentId === maturityAssessmentId) throw problem(400, 'same_assessment_type', COMBINE_MESSAGES.sameType, 'Failed');
  const selection = await readSelection(ctx, [enneagramAssessmentId, maturityAssessmentId]);
  refuseReceived(selection);
  const [enneagram, maturity] = selection.map((item) => item.row);
  if (!enneagram || !maturity) throw failed(404, 'not_found', MESSAGES.unknownAssessment);
  if (enneagram.clientUUID !== maturity.clientUUID) throw problem(400, 'different_clients', COMBINE_MESSAGES.differentClients, 'Failed');
  if (!enneagram.guestCompletedAt || !maturity.guestCompletedAt)
    throw problem(400, 'assessments_incomplete', COMBINE_MESSAGES.incomplete, 'Failed');
  const supplies = ENNEAGRAM_PART.has(enneagram.assessmentType) && MATURITY_PART.has(maturity.assessmentType);
  if (!supplies || enneagram.assessmentType === maturity.assessmentType) {
    throw problem(400, 'same_assessment_type', COMBINE_MESSAGES.sameType, 'Failed');
  }
  const { data, error, response } = await ctx.legacy.GET('/api/v3/hybridise/{bioAssessmentId}/{enneagramAssessmentId}/{imfAssessmentId}', {
    params: { path: { bioAssessmentId: enneagram.uuid, enneagramAssessmentId: enneagram.uuid, imfAssessmentId: maturity.uuid } },
    signal: ctx.signal,
  });
  if (!data) {
    if (isLegacyRefusal(response)) throw problem(400, 'combine_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE, 'Failed');
    throw failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
  }
  const completedAt = data.guest.completedAt ? fromLegacyTime(data.guest.completedAt) : null;
  if (!completedAt) {
    ctx.log.error('hybridise answered no completion time');
    throw failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
  }
  return { completedAt };
}
