// Team reports: charge info, request and cancel with their credits, and the downloads as real files
// (spec coach-shell §2.7, §4 "Team report", §5, §7, §9: Combined 4, Maturity 2, Enneagram 2 credits).
import { TEAM_REPORT_COST, teamReportCost, transactionDescription } from '../domain/credits.ts';
import { legacyDateTime } from '../domain/dates.ts';
import { decideCancelRequest, decideReportRequest, reportRequestedDisplay, teamReportChargeInfo } from '../domain/teams.ts';
import type { TeamReportType } from '../domain/types.ts';
import { checkTeamReportDueDate } from '../domain/validation.ts';
import { CONTENT_TYPES } from '../files/content-types.ts';
import { attachmentDisposition } from '../files/report-pdf.ts';
import { teamSummaryWorkbook } from '../files/spreadsheets.ts';
import { teamReportFile } from '../files/team-report.ts';
import { recordBalance } from '../state/ledger.ts';
import type { TeamRecord } from '../state/model.ts';
import { schedule, unschedule } from '../state/scheduled.ts';
import { offersPptx, teamMembersOf, teamMemberView, teamView } from '../state/team-views.ts';
import { sessionCoach } from './access.ts';
import { badRequest, FileAnswer, type Handlers } from './context.ts';
import { downloadableTeam, ownTeamFor } from './teams-access.ts';

export const TEAM_REPORT_NOT_AVAILABLE = 'The team report is not available yet.';
export const TEAM_REPORT_NOT_GENERATED = 'The following report(s) could not be generated. The team has been notified and will be in touch.';
const TYPE_NAMES: Readonly<Record<TeamReportType, string>> = { Ennea: 'Enneagram', IMf: 'Maturity', Full: 'Combined' };

/** A duplicated team's report is free (spec coach-shell §7 teamReportChargeInfo). */
const isFree = (team: TeamRecord): boolean => team.duplicatedSourceId !== null;

const fileStem = (name: string): string => name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'team';

/** The scheduled preparation is done: the report of a team still requested is supplied (spec coach-shell §4 "Team report"). */
export function supplyTeamReport(team: TeamRecord | undefined, at: number): void {
  if (!team || team.reportRequested === null || team.reportSuppliedAt !== null) return;
  team.reportSuppliedAt = legacyDateTime(new Date(at));
}

export const teamReportHandlers: Handlers = {
  getTeamReportChargeInfo: (ctx) => {
    const coach = sessionCoach(ctx);
    const team = ownTeamFor(ctx, ctx.params.teamId, 'view');
    if (isFree(team)) {
      const { message, isFreeOfCharge } = teamReportChargeInfo(team, 'Ennea');
      return { message, isFreeOfCharge };
    }
    // spec coach-shell §6: level 1 coaches get only the Enneagram team report.
    const types: TeamReportType[] = coach.accreditationLevel <= 1 ? ['Ennea'] : ['Ennea', 'IMf', 'Full'];
    const costs = types.map((type) => `${TYPE_NAMES[type]} ${TEAM_REPORT_COST[type]} credits`).join(', ');
    return { message: `A team report is charged to your balance: ${costs}.`, isFreeOfCharge: false };
  },

  requestTeamReport: (ctx) => {
    const coach = sessionCoach(ctx);
    const team = ownTeamFor(ctx, ctx.params.teamId, 'edit');
    const { reportRequested, reportDueDate } = ctx.body;
    const dueProblem = checkTeamReportDueDate(reportDueDate, new Date(ctx.clock.now()));
    if (dueProblem) throw badRequest(dueProblem);
    const memberCount = teamMembersOf(ctx.store, team.uuid).length;
    const decision = decideReportRequest(teamView(ctx.store, team, coach.uuid), memberCount, coach.accreditationLevel, reportRequested);
    if (!decision.ok) throw badRequest(decision.info);
    team.reportRequested = reportRequested;
    team.reportDueDate = reportDueDate;
    if (!isFree(team)) {
      const description = transactionDescription.teamReport(reportRequested, team.name);
      recordBalance(ctx.store, team.coachUuid, -teamReportCost(reportRequested), description, ctx.clock.now());
    }
    // Team reports take up to 2 working days (spec coach-shell §9): never ready at once; the sandbox
    // supplies it after its preparation delay (config.reportReadySeconds, state/scheduled.ts).
    schedule(ctx.store, { kind: 'teamReport', id: team.uuid, at: ctx.clock.now() + ctx.config.reportReadySeconds * 1000 });
    return { reportRequestedDisplay: reportRequestedDisplay(reportRequested), reportReady: false };
  },

  cancelTeamReportRequest: (ctx) => {
    const coach = sessionCoach(ctx);
    const team = ownTeamFor(ctx, ctx.params.teamId, 'edit');
    const decision = decideCancelRequest(teamView(ctx.store, team, coach.uuid));
    if (!decision.ok || team.reportRequested === null)
      throw badRequest(decision.ok ? 'No report has been requested for this team.' : decision.info);
    if (!isFree(team)) {
      const description = transactionDescription.teamReportCancelled(team.reportRequested, team.name);
      recordBalance(ctx.store, team.coachUuid, teamReportCost(team.reportRequested), description, ctx.clock.now());
    }
    team.reportRequested = null;
    team.reportDueDate = null;
    // A cancelled request is never supplied.
    unschedule(ctx.store, 'teamReport', team.uuid);
    return undefined;
  },

  downloadTeamSummary: async (ctx) => {
    const coach = sessionCoach(ctx);
    const team = ownTeamFor(ctx, ctx.params.teamId, 'view');
    const members = teamMembersOf(ctx.store, team.uuid).flatMap((member) => teamMemberView(ctx.store, member) ?? []);
    const body = await teamSummaryWorkbook(teamView(ctx.store, team, coach.uuid), members);
    ctx.reply.header('content-disposition', attachmentDisposition(`${fileStem(team.name)} - Team Summary.xlsx`));
    return new FileAnswer(body, CONTENT_TYPES.xlsx);
  },

  downloadTeamReport: async (ctx) => {
    const team = downloadableTeam(ctx, ctx.params.teamId);
    if (team.reportSuppliedAt === null || team.reportRequested === null) throw badRequest(TEAM_REPORT_NOT_AVAILABLE);
    if (team.failedReport) throw badRequest(TEAM_REPORT_NOT_GENERATED);
    if (ctx.params.format === 'pptx' && !offersPptx(team)) throw badRequest('This team report is offered as a PDF only.');
    const members = teamMembersOf(ctx.store, team.uuid).flatMap((member) => teamMemberView(ctx.store, member) ?? []);
    const file = await teamReportFile(
      {
        team: { name: team.name, description: team.description, coach: team.coach },
        members,
        reportType: team.reportRequested,
        createdAt: new Date(`${team.reportSuppliedAt.replace(' ', 'T')}Z`),
      },
      ctx.params.format,
    );
    ctx.reply.header('content-disposition', attachmentDisposition(file.fileName));
    return new FileAnswer(file.body, file.contentType);
  },
};
