// The team report (spec coach-shell §2.6, §2.7, §4 "Team report", "Team leaders", §5, §6, §8, §9): the
// request with its type and due date, cancelling it, and the downloads (the report as PDF or PPTX, the
// summary workbook), streamed from the legacy API as they arrive under a file name chosen from the team's name.
import type { Readable } from 'node:stream';
import type { components as Bff } from '../../../generated/bff.ts';
import { isCalendarDay } from '../../domain/form-rules.ts';
import { readMembers } from '../../domain/team-members.ts';
import { ownTeamOf, readTeams, reportStateOf, TEAM_MESSAGES, teamOf } from '../../domain/team-rows.ts';
import { contentDisposition } from '../../downloads/content-disposition.ts';
import { fileAnswer, type HttpAnswer, noContent, type OperationInput, type SessionContext } from '../../operation.ts';
import { failed, problem, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import type { SessionRecord } from '../../session/session-record.ts';
import { isLegacyRefusal, legacyErrorInfo, legacyFailure } from '../../upstream/legacy-client.ts';
import { leaderCountOf } from './team-members-service.ts';

type TeamReportType = Bff['schemas']['TeamReportType'];
type TeamReportRequestResult = Bff['schemas']['TeamReportRequestResult'];

// spec coach-shell §5, §8 (the contract's texts where the spec gives none).
export const REPORT_MESSAGES = {
  dueDateNotFuture: 'Your due date cannot be today or any day before today',
  zeroMembers: 'You cannot have 0 members',
  typeNotAllowed: 'Only the Enneagram team report is available at accreditation level 1.',
  alreadyRequested: 'A report has already been requested for this team.',
  notGenerated: 'The following report(s) could not be generated. The team has been notified and will be in touch.',
  failed: 'Failed',
  dueDateTooLate: 'The due date cannot be after 2999-12-31.',
} as const;

/** spec coach-shell §5: the date picker's latest due date. */
export const DUE_DATE_MAX = '2999-12-31';
const ALL_TYPES: readonly TeamReportType[] = ['Ennea', 'IMf', 'Full'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CONTENT_TYPES = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The earliest due date: tomorrow (UTC, the legacy servers' zone), by calendar arithmetic, so the day after
 * 31 January is 1 February and the day after 31 December is 1 January (spec §5 notes the old computation
 * misbehaved at month ends).
 */
export function dueDateMin(now: number): string {
  const today = new Date(now);
  return isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1)));
}

/** spec §5: later than today (400 due_date_not_future) and not after 2999-12-31 (the picker's limit: validation_failed). */
export function checkDueDate(dueDate: string, now: number): void {
  if (!isCalendarDay(dueDate) || dueDate > DUE_DATE_MAX) {
    const message = isCalendarDay(dueDate) ? REPORT_MESSAGES.dueDateTooLate : 'Not a calendar date.';
    throw problem(400, 'validation_failed', 'The request is not valid.', 'Failed', { errors: [{ field: 'dueDate', message }] });
  }
  if (dueDate < dueDateMin(now)) throw failed(400, 'due_date_not_future', REPORT_MESSAGES.dueDateNotFuture);
}

/** spec §5, §6: a level 1 coach gets only the Enneagram team report (an unknown level is left to the legacy API). */
export function allowedReportTypes(session: SessionRecord): TeamReportType[] {
  return session.flags.accreditationLevel === 1 ? ['Ennea'] : [...ALL_TYPES];
}

/** requestTeamReport: the checks the dialog makes, then `POST api/v2/teams/{teamId}/requestReport`. */
export async function requestTeamReport(
  { params: { teamId }, body: { reportType, dueDate } }: OperationInput<'requestTeamReport'>,
  ctx: SessionContext,
): Promise<TeamReportRequestResult> {
  checkDueDate(dueDate, Date.now());
  if (!allowedReportTypes(ctx.session).includes(reportType)) throw failed(403, 'report_type_not_allowed', REPORT_MESSAGES.typeNotAllowed);
  const team = ownTeamOf(await readTeams(ctx), teamId, 'edit');
  if (reportStateOf(team) !== 'notRequested') throw failed(409, 'team_report_already_requested', REPORT_MESSAGES.alreadyRequested);
  const members = await readMembers(ctx, teamId);
  if (members.length === 0) throw failed(400, 'team_has_no_members', REPORT_MESSAGES.zeroMembers);
  const answer = await ctx.legacy.POST('/api/v2/teams/{teamId}/requestReport', {
    params: { path: { teamId } },
    body: { reportRequested: reportType, reportDueDate: dueDate },
  });
  const { data } = answer;
  // A legacy refusal ('Insufficient credits.') is the user's: 400 with its text (spec §8 "'Failed' alert with error.info").
  if (!data) throw isLegacyRefusal(answer.response) ? legacyFailure(answer, 'upstream_rejected') : upstreamError();
  return { reportReady: data.reportReady, reportRequestedDisplay: data.reportRequestedDisplay, leaderCount: leaderCountOf(members) };
}

/** cancelTeamReportRequest: only a requested report that is not yet available (spec §4 "Cancel returns to not requested"). */
export async function cancelTeamReportRequest(
  { params: { teamId } }: OperationInput<'cancelTeamReportRequest'>,
  ctx: SessionContext,
): Promise<HttpAnswer<undefined>> {
  const team = ownTeamOf(await readTeams(ctx), teamId, 'edit');
  if (reportStateOf(team) !== 'requested') throw failed(409, 'team_report_not_cancellable', REPORT_MESSAGES.failed);
  const answer = await ctx.legacy.GET('/api/v2/teams/{teamId}/cancelReportRequest', { params: { path: { teamId } } });
  if (!answer.response.ok) throw isLegacyRefusal(answer.response) ? legacyFailure(answer, 'upstream_rejected') : upstreamError();
  return noContent();
}

/** downloadTeamSummary: the team's workbook (own or received teams; spec §8 "Download summary failure: alert 'Failed'"). */
export async function downloadTeamSummary(
  { params: { teamId } }: OperationInput<'downloadTeamSummary'>,
  ctx: SessionContext,
): Promise<HttpAnswer<Readable>> {
  const team = teamOf(await readTeams(ctx), teamId);
  const { data, response } = await ctx.legacy.GET('/api/v2/teams/{teamId}/downloadSummary', {
    params: { path: { teamId } },
    parseAs: 'stream',
    signal: ctx.signal,
  });
  if (!data) {
    if (isLegacyRefusal(response)) throw failed(400, 'download_failed', REPORT_MESSAGES.failed);
    throw upstreamError();
  }
  return fileAnswer(data, XLSX, contentDisposition(`${team.name} - summary.xlsx`));
}

/** downloadTeamReport: the report as PDF or PPTX where the team offers it; received teams too (spec §6). */
export async function downloadTeamReport(
  { params: { teamId, format } }: OperationInput<'downloadTeamReport'>,
  ctx: SessionContext,
): Promise<HttpAnswer<Readable>> {
  const team = teamOf(await readTeams(ctx), teamId);
  const offered = format === 'pdf' ? team.offerReportPDF : team.offerReportPPTX;
  if (reportStateOf(team) !== 'available' || !offered) throw problem(404, 'report_not_available', TEAM_MESSAGES.notYetAvailable);
  const { data, error, response } = await ctx.legacy.GET('/api/v2/teams/{teamId}/downloadReport/{format}', {
    params: { path: { teamId, format } },
    parseAs: 'stream',
    signal: ctx.signal,
  });
  if (!data) {
    // spec §8 "non-200 gives alert 'Failed' with the server's error info": the user's refusal, a 400.
    if (!isLegacyRefusal(response)) throw upstreamError();
    const info = legacyErrorInfo(error);
    if (info === REPORT_MESSAGES.notGenerated) throw failed(400, 'report_generation_failed', info);
    throw failed(400, 'download_failed', info ?? UNEXPECTED_MESSAGE);
  }
  return fileAnswer(data, CONTENT_TYPES[format], contentDisposition(`${team.name} - team report.${format}`));
}
