// The pairs (couples) screen and Add Pairs (spec assessments-and-clients §2.3, §3.5, §3.10, §4.10, §5 "Pairs",
// "Sending and downloading reports", §8, §9): the table, requesting a pair report, deleting pairs, the report
// e-mail with its preview, and the report itself as HTML or PDF.
import type { Readable } from 'node:stream';
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { BatchItemError } from '../../batch/batch-errors.ts';
import { type BatchRun, batchOptions } from '../../batch/batch-run.ts';
import { type BatchFailure, type BatchResult, runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { destinationOf, sendFailed } from '../../domain/emails.ts';
import { isCalendarDay } from '../../domain/form-rules.ts';
import { isReportSupplied, type LegacyCouple, type PairRow, pairRowOf, readPairs } from '../../domain/pair-rows.ts';
import { contentDisposition, fileNameFromDisposition } from '../../downloads/content-disposition.ts';
import { created, fileAnswer, type HttpAnswer, type OperationInput, type SessionContext } from '../../operation.ts';
import { failed, NOT_FOUND_MESSAGE, notFound, type ProblemError, problem, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import { listPage } from '../../snapshots/list-page.ts';
import { fold, type SortKey, Table } from '../../snapshots/table.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';

type PairList = Bff['schemas']['PairList'];
type PairCreated = Bff['schemas']['PairCreated'];
type EmailPreview = Bff['schemas']['EmailPreview'];
type EmailDraft = Bff['schemas']['EmailDraft'];
type ReportEmailBatchResult = Bff['schemas']['ReportEmailBatchResult'];
type EmailSendResult = Legacy['schemas']['EmailSendResult'];
type Column = NonNullable<OperationInput<'listPairs'>['query']['sort']>;

// spec §5 "Pairs", "Sending and downloading reports", §8 (the contract's texts where the spec has none).
export const PAIR_MESSAGES = {
  dueDateRequired: 'Please specify a due date.',
  dueDateTooSoon: 'The due date must be at least 2 weekdays from today.',
  twoAssessmentsRequired: 'Please select exactly 2 assessments.',
  reportsNotSupplied:
    'Some selected reports have not yet been provided. Please deselect them before proceeding. You can only send reports that are available.',
  notAvailableYet: 'Not available yet',
  downloadFailed: 'Download failed',
  impersonatorOnly: 'Only an administrator acting as the coach can choose the token type.',
} as const;
/** spec §9: a pair report costs 2 credits, Couples and Colleagues alike. */
export const PAIR_REPORT_COST = 2;
/** How a selected id that is not among the coach's pairs is named in a failure. */
export const UNKNOWN_PAIR = 'Unknown pair';

// ---- The table -------------------------------------------------------------------------------------------

/** A pair's key in a column's sort (listPairs and exportPairs). */
export function pairSortKey(row: PairRow, column: Column): SortKey {
  switch (column) {
    case 'info':
      return fold(row.info);
    case 'coupleType':
      return row.coupleType;
    case 'reportAvailable':
      return row.reportAvailable ? 1 : 0;
    case 'reportSent':
      return row.reportSent ? 1 : 0;
    case 'company':
      return row.company === '' ? null : fold(row.company);
    case 'project':
      return row.project === '' ? null : fold(row.project);
    case 'updatedAt':
      return row.updatedAt;
  }
}

/** What a search text is matched against (the contract): names, e-mail addresses, company and project. */
function searchText(row: PairRow): string {
  const members = row.members.map((member) => `${member.clientName} ${member.clientSurname}\n${member.clientEmail}`);
  return fold([row.info, ...members, row.company, row.project].join('\n'));
}

/** The Pairs table's default order and search (listPairs and exportPairs). */
export const PAIR_LIST = { sort: 'updatedAt', search: { text: searchText } } as const;

/** listPairs: the legacy list searched, sorted and paged; `total` counts every pair, `filteredTotal` the matches. */
export async function listPairs({ query }: OperationInput<'listPairs'>, ctx: SessionContext): Promise<PairList> {
  const rows = [...(await readPairs(ctx)).values()].map((couple) => pairRowOf(ctx, couple));
  return listPage(new Table<PairRow, Column>(rows, pairSortKey), query, PAIR_LIST);
}

// ---- Add Pairs --------------------------------------------------------------------------------------------

/**
 * Add Pairs' own answers to a refused form, in the modal's order: a selection that is not two different
 * assessments, then a missing or empty due date; anything else is validation_failed.
 */
export function pairFormProblem(body: unknown): ProblemError | undefined {
  const { assessmentIds, dueDate } = (body ?? {}) as { assessmentIds?: unknown; dueDate?: unknown };
  if (!Array.isArray(assessmentIds) || assessmentIds.length !== 2 || assessmentIds[0] === assessmentIds[1]) {
    return failed(400, 'two_assessments_required', PAIR_MESSAGES.twoAssessmentsRequired);
  }
  if (dueDate === undefined || dueDate === null || (typeof dueDate === 'string' && dueDate.trim() === '')) {
    return failed(400, 'due_date_required', PAIR_MESSAGES.dueDateRequired);
  }
  return undefined;
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** spec §5 "Pairs", §9: the earliest due date, 2 weekdays after today (UTC, the legacy servers' zone). */
export function earliestPairDueDate(now: number): string {
  const today = new Date(now);
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  for (let left = 2; left > 0; ) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left--;
  }
  return isoDay(date);
}

/** createPair: the checks of the Pairs modal, then `POST api/v2/couples/{coachId}/newCouple` (2 credits). */
export async function createPair({ body }: OperationInput<'createPair'>, ctx: SessionContext): Promise<HttpAnswer<PairCreated>> {
  const { assessmentIds, coupleType, dueDate, tokenType } = body;
  // The token type selector is an impersonator's (spec coach-shell §6).
  if (tokenType !== undefined && !ctx.session.flags.impersonator) throw problem(403, 'impersonator_only', PAIR_MESSAGES.impersonatorOnly);
  if (!isCalendarDay(dueDate)) {
    throw problem(400, 'validation_failed', 'The request is not valid.', 'Failed', {
      errors: [{ field: 'dueDate', message: 'Not a calendar date.' }],
    });
  }
  if (dueDate < earliestPairDueDate(Date.now())) throw failed(400, 'due_date_too_soon', PAIR_MESSAGES.dueDateTooSoon);
  const { error, response } = await ctx.legacy.POST('/api/v2/couples/{coachId}/newCouple', {
    params: { path: { coachId: ctx.session.coachId } },
    body: { uuids: assessmentIds, coupleType, tokenType: tokenType ?? 'paid', reportDueDate: dueDate, reportCost: PAIR_REPORT_COST },
  });
  // spec §8: "Pair failure shows the error".
  if (!response.ok) throw failed(400, 'pair_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  return created({ coupleType, reportDueDate: dueDate, reportCost: PAIR_REPORT_COST });
}

// ---- Batches: delete, report e-mails ------------------------------------------------------------------------

interface SelectedPair {
  id: string;
  /** The Info text: what the user knows the pair by. */
  name: string;
  couple: LegacyCouple | null;
}

async function readSelection(ctx: SessionContext, ids: readonly string[]): Promise<SelectedPair[]> {
  const pairs = await readPairs(ctx);
  return ids.map((id) => {
    const couple = pairs.get(id) ?? null;
    return { id, name: couple?.info ?? UNKNOWN_PAIR, couple };
  });
}

function known(item: SelectedPair): LegacyCouple {
  if (!item.couple) throw new BatchItemError('not_found', NOT_FOUND_MESSAGE);
  return item.couple;
}

/** A batch's options: the settings and the run's (a preview has no run: the request's signal and log). */
const optionsOf = (settings: Config['batch'], run: BatchRun | SessionContext) => ({ ...settings, ...batchOptions(run) });

/** deletePairs: one `DELETE api/v2/couples` per selected pair, so each refusal (a requested report) is reported by name. */
export async function deletePairs(
  { body: { ids } }: OperationInput<'deletePairs'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
): Promise<BatchResult> {
  const selection = await readSelection(ctx, ids);
  return runBatch(
    selection,
    async (item, signal) => {
      known(item);
      const { response, error } = await ctx.legacy.DELETE('/api/v2/couples', { body: { uuids: [item.id] }, signal });
      if (!response.ok) throw new BatchItemError('delete_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
    },
    optionsOf(settings, run),
  );
}

/** spec §5: every selected pair must have its report before a send or a preview. */
function requireSupplied(selection: readonly SelectedPair[]): void {
  if (selection.some((item) => item.couple !== null && !isReportSupplied(item.couple))) {
    throw failed(400, 'reports_not_supplied', PAIR_MESSAGES.reportsNotSupplied);
  }
}

/** The legacy answer of one pair e-mail; a refusal is passed on as the legacy API worded it (spec §8). */
function emailOutcome(answer: EmailSendResult | undefined, error: unknown, serverSend: boolean, code: string): EmailSendResult {
  if (!answer) throw new BatchItemError(code, legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  if (answer.error) throw new BatchItemError(code, answer.error);
  if (serverSend && !answer.sent) throw new BatchItemError(code, UNEXPECTED_MESSAGE);
  return answer;
}

/** previewPairReportEmail: every selected pair's preview; the first one made is shown, the others' failures listed. */
export async function previewPairReportEmail(
  { body }: OperationInput<'previewPairReportEmail'>,
  ctx: SessionContext,
  settings: Config['batch'],
): Promise<{ preview?: EmailPreview; failed: BatchFailure[] }> {
  const destination = body.coachEmailAddress === undefined ? null : destinationOf(ctx.session, body.coachEmailAddress);
  const selection = await readSelection(ctx, body.ids);
  requireSupplied(selection);
  const previews = new Map<string, EmailPreview>();
  const result = await runBatch(
    selection,
    async (item, signal) => {
      known(item);
      const { data, error } = await ctx.legacy.POST('/api/v2/couples/{coupleId}/sendReport', {
        params: { path: { coupleId: item.id }, query: { serverSend: body.serverSend, forPreview: true } },
        signal,
      });
      const answer = emailOutcome(data, error, false, 'preview_failed');
      signal.throwIfAborted();
      previews.set(item.id, { emailAddress: destination ?? answer.emailAddress, subject: answer.subject, body: answer.body });
    },
    optionsOf(settings, ctx),
  );
  const first = selection.find((item) => previews.has(item.id));
  return { ...(first && { preview: previews.get(first.id) }), failed: result.failed };
}

/** sendPairReports: every selected pair supplied, then one `sendReport` per pair. */
export async function sendPairReports(
  { body }: OperationInput<'sendPairReports'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
): Promise<ReportEmailBatchResult> {
  const destination = destinationOf(ctx.session, body.coachEmailAddress);
  const selection = await readSelection(ctx, body.ids);
  requireSupplied(selection);
  const drafts = new Map<string, EmailDraft>();
  const result = await runBatch(
    selection,
    async (item, signal) => {
      known(item);
      const { data, error } = await ctx.legacy.POST('/api/v2/couples/{coupleId}/sendReport', {
        params: { path: { coupleId: item.id }, query: { serverSend: body.serverSend } },
        body: { destinationEmailAddress: destination },
        signal,
      });
      const answer = emailOutcome(data, error, body.serverSend, 'send_failed');
      signal.throwIfAborted();
      if (!body.serverSend) {
        drafts.set(item.id, {
          id: item.id,
          name: item.name,
          emailAddress: answer.emailAddress,
          subject: answer.subject,
          body: answer.body,
        });
      }
    },
    { ...optionsOf(settings, run), failureMessage: sendFailed },
  );
  return { ...result, drafts: selection.flatMap((item) => drafts.get(item.id) ?? []) };
}

// ---- The report --------------------------------------------------------------------------------------------

/** downloadPairReport: a supplied report of one of the coach's pairs, streamed from {host}/publish/reports/pair/{uuid}. */
export async function downloadPairReport(
  { params: { pairId }, query: { format = 'html' } }: OperationInput<'downloadPairReport'>,
  ctx: SessionContext,
): Promise<HttpAnswer<Readable>> {
  const couple = (await readPairs(ctx)).get(pairId);
  if (!couple) throw notFound();
  if (!isReportSupplied(couple)) throw problem(404, 'report_not_available', PAIR_MESSAGES.notAvailableYet);
  const { data, response } = await ctx.legacy.GET('/publish/reports/pair/{coupleId}', {
    params: { path: { coupleId: pairId }, query: { pdf: format === 'pdf' ? 1 : 0 } },
    parseAs: 'stream',
    signal: ctx.signal,
  });
  if (!data) {
    if (response.status === 400 || response.status === 404) throw failed(400, 'download_failed', PAIR_MESSAGES.downloadFailed);
    throw upstreamError();
  }
  if (format === 'html') return fileAnswer(data, 'text/html; charset=utf-8', contentDisposition('pair-report.html', 'inline'));
  // spec §7: the PDF is named by the legacy Content-Disposition, default report.pdf.
  const name = fileNameFromDisposition(response.headers.get('content-disposition') ?? undefined) ?? 'report.pdf';
  return fileAnswer(data, 'application/pdf', contentDisposition(name));
}
