// The Teams page's and the team report page's texts (spec coach-shell §2.6, §2.7, §4, §5, §8, §9), written once.
import type { components } from '../../../../generated/bff.ts';

export type ReportState = components['schemas']['TeamRow']['reportState'];

export const TEAMS_TEXT = {
  title: 'Teams',
  addTeam: 'Add Team',
  edit: 'Edit',
  viewTeam: 'View Team',
  duplicateTeam: 'Duplicate Team',
  addMembers: 'Add Team Members',
  delete: 'Delete',
  assignSco: 'Assign SCO',
  revokeSco: 'Revoke SCO',
  requestReport: 'Request Report',
  alreadyRequested: 'A report has already been requested for this team.',
  fieldsRequired: 'Please enter a team name and a project name.',
  nameLocked: 'Editing the team name is disabled when the report is available.',
  confirmRemove: 'Are you sure you wish to remove?',
  partlyDeleted: 'Not all records could be deleted',
  duplicateNeedsReport: 'A team report must be requested before you can duplicate this team.',
  downloading: 'Downloading...',
  notGenerated: 'The following report(s) could not be generated. The team has been notified and will be in touch.',
} as const;

export const TEAM_REPORT_TEXT = {
  title: 'Team Report',
  back: 'Back',
  notRequested: 'Not Requested',
  requestReport: 'Request Report',
  cancelRequest: 'Cancel Request',
  downloadSummary: 'Download Summary Spreadsheet',
  memberRemoved: 'Member successfuly removed',
  membershipLocked:
    'You cannot edit membership of a team for which a report has already been requested or issued. Rather make a duplicate of this team, edit the members, and then request a new report for the duplicated team.',
  dueDateNotFuture: 'Your due date cannot be today or any day before today',
  zeroMembers: 'You cannot have 0 members',
  reportReady: 'The team report is ready.',
  requestCancelled: 'The report request has been cancelled.',
} as const;

/** spec coach-shell §9: the toasts of the Teams page last 2 s, those of the team page 1.5 s. */
export const TEAMS_TOAST_MS = 2000;
export const TEAM_PAGE_TOAST_MS = 1500;

/** spec coach-shell §5, §9: team name, project, description, new team name and member comments. */
export const TEAM_TEXT_MAX = 250;

/** spec coach-shell §8: "{n} of {m} removed." */
export const removedCount = (removed: number, total: number): string => `${removed} of ${total} removed.`;

/**
 * spec coach-shell §8: "This team has been given to you - you cannot {view/edit/duplicate} it. You can only download
 * the team reports[, when they become available]." The bracketed part while the report is not available.
 */
export function receivedTeamMessage(action: 'view' | 'edit' | 'duplicate' | 'request a report for', reportAvailable: boolean): string {
  const when = reportAvailable ? '' : ', when they become available';
  return `This team has been given to you - you cannot ${action} it. You can only download the team reports${when}.`;
}

/** spec coach-shell §4 "Team leaders": the confirmation before a request with no leader or several. */
export const leaderQuestion = (leaders: number): string =>
  leaders === 0
    ? 'This team has no team leader. Do you wish to request the report anyway?'
    : `This team has ${leaders} team leaders. Do you wish to request the report anyway?`;

/** spec coach-shell §4: a report that is not ready at once "will be available as soon as possible". */
export const requestedNote = (display: string): string =>
  `Your ${display} team report has been requested. It will be available as soon as possible.`;

/** The report's state as the team page states it (spec coach-shell §4 "Team report"). */
export const REPORT_STATE_LABELS: Readonly<Record<ReportState, string>> = {
  notRequested: 'Not Requested',
  requested: 'Requested',
  available: 'Available',
};

/** The file formats of a team report. */
export const REPORT_FORMAT_LABELS = { pdf: 'PDF', pptx: 'PPTX' } as const;
