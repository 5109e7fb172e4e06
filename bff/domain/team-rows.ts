// The coach's teams as the legacy API lists them (`GET api/v2/coaches/{id}/teams`, own and received) ↔ the
// contract's TeamRow, and the rules every team operation checks on the team it finds there: received teams
// are download-only, a team with a report requested or available is locked (spec coach-shell §2.6, §3
// "Team", §4 "Team report", §8). The legacy API has no single-team read: every operation reads the list.
import type { components as Bff } from '../../generated/bff.ts';
import type { components as Legacy } from '../../generated/legacy.ts';
import type { SessionContext } from '../operation.ts';
import { failed, notFound, problem, upstreamError } from '../problem.ts';
import { fromLegacyTime } from './legacy-time.ts';

export type LegacyTeam = Legacy['schemas']['Team'];
export type TeamRow = Bff['schemas']['TeamRow'];
export type ReportState = TeamRow['reportState'];

// spec coach-shell §5, §8 (texts as written there).
export const TEAM_MESSAGES = {
  fieldsRequired: 'Please enter a team name and a project name.',
  nameLocked: 'Editing the team name is disabled when the report is available.',
  membershipLocked:
    'You cannot edit membership of a team for which a report has already been requested or issued. Rather make a duplicate of this team, edit the members, and then request a new report for the duplicated team.',
  duplicateNeedsReport: 'A team report must be requested before you can duplicate this team.',
  duplicateFailed: 'Duplicate team failed.',
  receivedSelection: 'Your selection includes teams that were given to you by another coach. Please amend your selection and try again.',
  notYetAvailable: 'Not yet available',
} as const;

/** spec coach-shell §8: "The report for team {name} has already been requested or generated - cannot delete." */
export const teamDeleteLocked = (name: string): string =>
  `The report for team ${name} has already been requested or generated - cannot delete.`;

/**
 * spec coach-shell §8: "This team has been given to you - you cannot {view/edit/duplicate} it. You can only
 * download the team reports[, when they become available]." The bracketed part while the report is not available.
 */
export function receivedTeamMessage(action: 'view' | 'edit' | 'duplicate', reportAvailable: boolean): string {
  const when = reportAvailable ? '' : ', when they become available';
  return `This team has been given to you - you cannot ${action} it. You can only download the team reports${when}.`;
}

/** The Report column's text per state (spec coach-shell §2.6 "Report status texts: 'Not yet available' or '-'"). */
const STATUS_TEXT: Readonly<Record<ReportState, TeamRow['reportStatusText']>> = {
  notRequested: '-',
  requested: TEAM_MESSAGES.notYetAvailable,
  available: null,
};

/** spec coach-shell §4 "Team report": not requested → requested → available. */
export function reportStateOf(team: Pick<LegacyTeam, 'isReportAvailable' | 'reportRequested'>): ReportState {
  if (team.isReportAvailable) return 'available';
  return team.reportRequested === null ? 'notRequested' : 'requested';
}

/** Requested or available: no member changes, no delete, no new name (spec coach-shell §4). */
export const isLocked = (team: LegacyTeam): boolean => reportStateOf(team) !== 'notRequested';
export const isReceived = (team: LegacyTeam): boolean => team.scoReceivedFrom !== null;

const TEAM_NAME_MAX = 250;
const monthYear = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * spec coach-shell §5: the duplicate's default name is the old name plus the current long month and year
 * (en-ZA), e.g. "Leadership Team October 2025"; the name is shortened so that the whole stays within 250.
 */
export function duplicateName(name: string, now: number): string {
  const suffix = monthYear.format(new Date(now));
  return `${name.slice(0, TEAM_NAME_MAX - suffix.length - 1).trimEnd()} ${suffix}`;
}

/** The teams of one list read, by uuid, with the legacy numeric ids mapped to uuids (`duplicatedSourceId`). */
export interface TeamList {
  teams: readonly LegacyTeam[];
  byId: ReadonlyMap<string, LegacyTeam>;
  uuidOfId: ReadonlyMap<number, string>;
}

/** The coach's teams, own and received, newest first as the legacy API lists them. */
export async function readTeams(ctx: SessionContext): Promise<TeamList> {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/teams', { params: { path: { coachId: ctx.session.coachId } } });
  if (!data) throw upstreamError();
  return {
    teams: data,
    byId: new Map(data.map((team) => [team.uuid, team])),
    uuidOfId: new Map(data.map((team) => [team.id, team.uuid])),
  };
}

/** The team with this uuid among the coach's (own or received), else 404. */
export function teamOf(list: TeamList, teamId: string): LegacyTeam {
  const team = list.byId.get(teamId);
  if (!team) throw notFound();
  return team;
}

/** The coach's own team: a received one is refused with the spec's text for `action` (403 team_received). */
export function ownTeamOf(list: TeamList, teamId: string, action: 'view' | 'edit' | 'duplicate'): LegacyTeam {
  const team = teamOf(list, teamId);
  if (isReceived(team)) throw problem(403, 'team_received', receivedTeamMessage(action, team.isReportAvailable), 'Failed');
  return team;
}

/** An own team whose members may change: not while a report is requested or available (409 team_locked). */
export function unlockedTeamOf(list: TeamList, teamId: string): LegacyTeam {
  const team = ownTeamOf(list, teamId, 'edit');
  if (isLocked(team)) throw failed(409, 'team_locked', TEAM_MESSAGES.membershipLocked);
  return team;
}

/** The address of a report file of the team (downloadTeamReport). */
export const teamReportUrl = (teamId: string, format: 'pdf' | 'pptx') => `/api/teams/${teamId}/reports/${format}`;

/** One legacy team as the table and the team page show it; null when its times are not legacy times. */
export function toTeamRow(team: LegacyTeam, list: Pick<TeamList, 'uuidOfId'>, now: number): TeamRow | null {
  const createdAt = fromLegacyTime(team.createdAt);
  const suppliedAt = team.reportSuppliedAt === null ? null : fromLegacyTime(team.reportSuppliedAt);
  if (createdAt === null || (team.reportSuppliedAt !== null && suppliedAt === null)) return null;
  const state = reportStateOf(team);
  const received = isReceived(team);
  const downloads: TeamRow['reportDownloads'] = [];
  if (state === 'available') {
    if (team.offerReportPDF) downloads.push({ format: 'pdf', url: teamReportUrl(team.uuid, 'pdf') });
    if (team.offerReportPPTX) downloads.push({ format: 'pptx', url: teamReportUrl(team.uuid, 'pptx') });
  }
  return {
    id: team.uuid,
    name: team.name,
    description: team.description ?? '',
    project: team.coach,
    memberCount: team.memberCount,
    createdAt,
    reportState: state,
    reportRequested: team.reportRequested,
    // The legacy 'Not Requested' is the client's label for a null type (spec coach-shell §4).
    reportRequestedDisplay: team.reportRequested === null ? null : team.reportRequestedDisplay,
    reportDueDate: team.reportRequested === null ? null : team.reportDueDate,
    reportSuppliedAt: suppliedAt,
    reportStatusText: STATUS_TEXT[state],
    reportDownloads: downloads,
    duplicatedSourceId: team.duplicatedSourceId === null ? null : (list.uuidOfId.get(team.duplicatedSourceId) ?? null),
    isReceived: received,
    receivedFrom: team.scoReceivedFrom === null ? null : { name: team.scoReceivedFrom.name },
    givenTo: team.scoGivenTo.map(({ uuid, name, surname }) => ({ id: uuid, name, surname })),
    canDuplicate: state !== 'notRequested' && !received,
    suggestedDuplicateName: duplicateName(team.name, now),
  };
}

/** toTeamRow for an answer: a team the contract cannot carry means the legacy answer is not what its contract says. */
export function teamRowOf(ctx: SessionContext, team: LegacyTeam, list: Pick<TeamList, 'uuidOfId'>, now = Date.now()): TeamRow {
  const row = toTeamRow(team, list, now);
  if (row === null) {
    ctx.log.error({ teamId: team.uuid }, 'teams answered a time that is not a legacy time');
    throw upstreamError();
  }
  return row;
}
