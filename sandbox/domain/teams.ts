import { TEAM_REPORT_COST } from './credits.ts';
import type { AssessmentType, Team, TeamReportType } from './types.ts';

// spec coach-shell §4 "Team report", §5, §8; assessments-and-clients §4.8.
export const TEAM_MEMBERSHIP_LOCKED =
  'You cannot edit membership of a team for which a report has already been requested or issued. Rather make a duplicate of this team, edit the members, and then request a new report for the duplicated team.';
export const ADD_MEMBERS_LOCKED = 'You cannot add members to a team for which a report has already been requested or issued...';
export const DUPLICATE_NEEDS_REPORT = 'A team report must be requested before you can duplicate this team.';
export const TEAM_NAME_LOCKED = 'Editing the team name is disabled when the report is available.';
export const ZERO_MEMBERS = 'You cannot have 0 members';
export const NOT_REQUESTED = 'Not Requested';
export const teamDeleteLocked = (name: string): string =>
  `The report for team ${name} has already been requested or generated - cannot delete.`;
export const receivedTeamRefused = (action: 'view' | 'edit' | 'duplicate'): string =>
  `This team has been given to you - you cannot ${action} it. You can only download the team reports, when they become available.`;

type Lockable = Pick<Team, 'reportRequested' | 'isReportAvailable'>;

/** Requested or issued: no member changes, no delete (spec coach-shell §4). */
export const isTeamLocked = (team: Lockable): boolean => team.reportRequested !== null || team.isReportAvailable;

/** spec coach-shell §4: duplicating is allowed only once a report has been requested or is available. */
export const canDuplicate = (team: Lockable): boolean => isTeamLocked(team);

// The teamReportNames of the contract are keyed by assessment type; requests use Ennea, IMf, Full.
export const TEAM_REPORT_TYPE_OF: Readonly<Record<AssessmentType, TeamReportType>> = { ennea: 'Ennea', EIT: 'IMf', full: 'Full' };
export const TEAM_REPORT_NAMES = { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' } as const;
const DISPLAY: Readonly<Record<TeamReportType, string>> = { Ennea: 'Enneagram', IMf: 'Maturity', Full: 'Combined' };

export function reportRequestedDisplay(type: TeamReportType | null): string {
  return type === null ? NOT_REQUESTED : DISPLAY[type];
}

/** spec coach-shell §5: the old name plus the current long month and year, en-ZA. */
export function duplicateTeamName(name: string, today: Date): string {
  const monthYear = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(today);
  return `${name} ${monthYear}`;
}

export type AddMembersOutcome = { added: string[]; alreadyMembers: string[] };

/** POST api/v3/teams/{teamId}/addMembers answers `added`, the count of new members. */
export function addMembers(currentMembers: readonly string[], requested: readonly string[]): AddMembersOutcome {
  const present = new Set(currentMembers);
  const added: string[] = [];
  const alreadyMembers: string[] = [];
  for (const uuid of requested) {
    if (present.has(uuid)) alreadyMembers.push(uuid);
    else {
      present.add(uuid);
      added.push(uuid);
    }
  }
  return { added, alreadyMembers };
}

export type ChargeInfo = { message: string; isFreeOfCharge: boolean; cost: number };

/** GET api/v2/teams/{teamId}/teamReportChargeInfo: a duplicated team's report is free (spec coach-shell §7). */
export function teamReportChargeInfo(team: Pick<Team, 'duplicatedSourceId'>, type: TeamReportType): ChargeInfo {
  if (team.duplicatedSourceId !== null) {
    return { message: 'This team is a duplicate of a team with a report: its report is free of charge.', isFreeOfCharge: true, cost: 0 };
  }
  const cost = TEAM_REPORT_COST[type];
  return { message: `A ${DISPLAY[type]} team report costs ${cost} credits.`, isFreeOfCharge: false, cost };
}

export type TeamReportState = 'notRequested' | 'requested' | 'available';

/** spec coach-shell §4: not requested → requested → available; cancel returns to not requested. */
export function teamReportState(team: Lockable): TeamReportState {
  if (team.isReportAvailable) return 'available';
  return team.reportRequested === null ? 'notRequested' : 'requested';
}

export type RequestDecision = { ok: true } | { ok: false; info: string };

export function decideReportRequest(team: Lockable, memberCount: number, coachLevel: number, type: TeamReportType): RequestDecision {
  if (teamReportState(team) !== 'notRequested') return { ok: false, info: 'A report has already been requested for this team.' };
  if (memberCount === 0) return { ok: false, info: ZERO_MEMBERS };
  // spec coach-shell §6: coach level 1 gets only the Enneagram team report.
  if (coachLevel <= 1 && type !== 'Ennea') return { ok: false, info: 'Your accreditation level allows only the Enneagram team report.' };
  return { ok: true };
}

export function decideCancelRequest(team: Lockable): RequestDecision {
  const state = teamReportState(team);
  if (state === 'notRequested') return { ok: false, info: 'No report has been requested for this team.' };
  if (state === 'available') return { ok: false, info: 'The report is already available and can no longer be cancelled.' };
  return { ok: true };
}
