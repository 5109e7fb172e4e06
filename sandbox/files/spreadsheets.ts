import ExcelJS from 'exceljs';
import { countByFilter, inviteState, markingState, PIPELINE_FILTERS, type PipelineFilter } from '../domain/pipeline.ts';
import type { Assessment, MiniAssessmentRecord, Team, TeamMember } from '../domain/types.ts';

// The .xlsx downloads of spec coach-shell §7 and assessments-and-clients §7, as real workbooks.
type Cell = string | number | null;
type Sheet = { name: string; columns: readonly { header: string; width?: number }[]; rows: readonly Cell[][] };

async function workbook(sheets: readonly Sheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Coach portal sandbox';
  book.created = new Date('2025-01-01T00:00:00Z');
  for (const sheet of sheets) {
    const worksheet = book.addWorksheet(sheet.name);
    worksheet.columns = sheet.columns.map((column) => ({ header: column.header, width: column.width ?? 18 }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const TYPE_NAMES = { ennea: 'Enneagram', EIT: 'Maturity', full: 'Combined' } as const;
const INVITE_NAMES = { notInvited: 'Not invited', invited: 'Invited', reminded: 'Reminded' } as const;
const MARKING_NAMES = { notMarked: 'Not marked', marked: 'Marked', autoMarked: 'Auto-marked' } as const;
// spec assessments-and-clients §4.1 filter names.
const FILTER_NAMES: Readonly<Record<PipelineFilter, string>> = {
  notInvitedYet: 'Not invited yet',
  invitedNotStarted: 'Invited, not started',
  startedIncomplete: 'Started, incomplete',
  completeInMarking: 'Complete, in marking',
  completeSendReport: 'Complete, send report',
  showAll: 'Show all',
  receivedScos: 'Received SCOs',
  wrapped: 'Wrapped',
  unwrapped: 'Unwrapped',
};

/** Dates as the tables show them: cut to 10 characters (spec assessments-and-clients §2.2). */
const day = (value: string | null): string | null => (value ? value.slice(0, 10) : null);

const enneaResult = (a: Pick<Assessment, 'userEnnea' | 'orderedTriType' | 'userInstinct'>): string | null =>
  a.userEnnea === null ? null : [a.userEnnea, a.orderedTriType, a.userInstinct].filter((part) => part !== null && part !== '').join(' ');

/** GET api/v2/coaches/{id}/downloadActivitySummary: the assessments and the pipeline counts. */
export function activitySummaryWorkbook(assessments: readonly Assessment[]): Promise<Buffer> {
  const counts = countByFilter(assessments);
  return workbook([
    {
      name: 'Summary',
      columns: [{ header: 'Status', width: 28 }, { header: 'Assessments' }],
      rows: PIPELINE_FILTERS.map((filter) => [FILTER_NAMES[filter], counts[filter]]),
    },
    {
      name: 'Assessments',
      columns: [
        { header: 'Name' },
        { header: 'Surname' },
        { header: 'Email', width: 32 },
        { header: 'Company' },
        { header: 'Project' },
        { header: 'Assessment' },
        { header: 'Language' },
        { header: 'Invite' },
        { header: 'Marking' },
        { header: 'Ennea Results' },
        { header: 'Maturity Results', width: 24 },
        { header: 'Report Sent' },
        { header: 'Wrapped Up' },
        { header: 'Created' },
        { header: 'Registered' },
        { header: 'Completed' },
      ],
      rows: assessments.map((a) => [
        a.clientName,
        a.clientSurname,
        a.clientEmail,
        a.clientCompany,
        a.userCoach,
        TYPE_NAMES[a.assessmentType],
        a.assessmentLanguage,
        INVITE_NAMES[inviteState(a)],
        MARKING_NAMES[markingState(a)],
        enneaResult(a),
        a.scoreIMF,
        a.userReport === 'sent' ? 'Yes' : 'No',
        a.coachWrappedUp === 1 ? 'Yes' : 'No',
        day(a.tokenCreatedAt),
        day(a.guestRegisteredAt),
        day(a.guestCompletedAt),
      ]),
    },
  ]);
}

/** GET api/v2/coaches/{coachUUID}/miniAssessmentsSpreadsheet (columns of spec coach-shell §2.4). */
export function miniAssessmentsWorkbook(records: readonly MiniAssessmentRecord[]): Promise<Buffer> {
  return workbook([
    {
      name: 'Mini-Assessments',
      columns: [
        { header: 'Name' },
        { header: 'Surname' },
        { header: 'Email', width: 32 },
        { header: 'Language' },
        { header: 'Ennea' },
        { header: 'Trifix' },
        { header: 'Started' },
        { header: 'Completed' },
      ],
      rows: records.map((r) => [
        r.name,
        r.surname,
        r.email,
        r.localLanguage,
        r.ennea,
        r.trifix,
        day(r.createdAt),
        day(r.section2CompletedAt),
      ]),
    },
  ]);
}

export type MailingRow = { assessment: Assessment; assessmentLink: string };

/** POST api/v2/coaches/{coachId}/downloadMailingDetails: what a coach needs to mail clients themselves. */
export function mailingDetailsWorkbook(rows: readonly MailingRow[]): Promise<Buffer> {
  return workbook([
    {
      name: 'Mailing Details',
      columns: [
        { header: 'Name' },
        { header: 'Surname' },
        { header: 'Email', width: 32 },
        { header: 'Company' },
        { header: 'Project' },
        { header: 'Assessment' },
        { header: 'Language' },
        { header: 'Assessment Link', width: 60 },
      ],
      rows: rows.map(({ assessment: a, assessmentLink }) => [
        a.clientName,
        a.clientSurname,
        a.clientEmail,
        a.clientCompany,
        a.userCoach,
        TYPE_NAMES[a.assessmentType],
        a.assessmentLanguage,
        assessmentLink,
      ]),
    },
  ]);
}

/** GET api/v2/teams/{uuid}/downloadSummary: the team and its members. */
export function teamSummaryWorkbook(
  team: Pick<Team, 'name' | 'description' | 'coach' | 'reportRequestedDisplay' | 'reportDueDate'>,
  members: readonly TeamMember[],
): Promise<Buffer> {
  return workbook([
    {
      name: 'Team',
      columns: [
        { header: 'Field', width: 20 },
        { header: 'Value', width: 48 },
      ],
      rows: [
        ['Name', team.name],
        ['Description', team.description],
        ['Project', team.coach],
        ['Report Requested', team.reportRequestedDisplay],
        ['Due Date', team.reportDueDate],
        ['Members', members.length],
      ],
    },
    {
      name: 'Members',
      columns: [
        { header: 'Name', width: 28 },
        { header: 'Team Leader' },
        { header: 'Assessment' },
        { header: 'Company' },
        { header: 'Occupation' },
        { header: 'Ennea Results' },
        { header: 'Maturity Results', width: 24 },
        { header: 'Completed' },
        { header: 'Comments', width: 40 },
      ],
      rows: members.map((m) => [
        m.displayName,
        m.isTeamLeader === 1 ? 'Yes' : 'No',
        TYPE_NAMES[m.assessmentType],
        m.userCompany,
        m.userOccupation,
        m.enneaResult,
        m.scoreIMF,
        day(m.completedAt),
        m.memberComments,
      ]),
    },
  ]);
}
