import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Assessment, MiniAssessmentRecord, TeamMember } from '../domain/types.ts';
import { CONTENT_TYPES } from './content-types.ts';
import { activitySummaryWorkbook, mailingDetailsWorkbook, miniAssessmentsWorkbook, teamSummaryWorkbook } from './spreadsheets.ts';

const base: Assessment = {
  uuid: 'a55e55e0-0000-4000-8000-000000000001',
  clientUUID: 'c1e00000-0000-4000-8000-000000000001',
  clientName: 'Zuzana',
  clientSurname: 'Kováčová',
  clientEmail: 'zuzana@example.test',
  clientCompany: 'Karoo Logistics',
  otherData: null,
  userCoach: 'Leadership Pipeline 2025',
  coachName: 'Amara',
  coachSurname: 'Botha',
  coachUUID: '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  assessmentType: 'full',
  assessmentLanguage: 'slovak',
  tokenType: 'paid',
  parentedHybrid: 0,
  userToken: 'tok1',
  userInvite: 1,
  reminded: 1,
  userRegistration: 1,
  userCompletion: 1,
  finalTPR: 4,
  marked: 1,
  userEnnea: 8,
  userTriType: '378',
  orderedTriType: '837',
  userInstinct: 'SX',
  scoreIMF: 'Performing (PE)',
  scoreSP: 40,
  scoreSO: 20,
  scoreSX: 80,
  enneaRankingCSV: '8,3,7,9,2,5,1,4,6',
  reportsToAutoSend: '-',
  reportStatusEnnea: null,
  reportStatusMaturity: null,
  userReport: 'sent',
  coachWrappedUp: 0,
  fromAnotherCoach: 0,
  scoGivenTo: [],
  scoReceivedFrom: null,
  tokenCreatedAt: '2025-09-01 08:00:00',
  guestRegisteredAt: '2025-09-02 09:00:00',
  guestCompletedAt: '2025-09-02 09:40:00',
  guestUpdatedAt: '2025-09-02 09:40:00',
};
const fresh: Assessment = {
  ...base,
  uuid: 'a55e55e0-0000-4000-8000-000000000002',
  clientName: 'Sipho',
  clientSurname: 'Ndlovu',
  assessmentType: 'ennea',
  userInvite: 0,
  reminded: 0,
  userRegistration: 0,
  userCompletion: 0,
  finalTPR: null,
  marked: 0,
  userEnnea: null,
  userTriType: null,
  orderedTriType: null,
  userInstinct: null,
  scoreIMF: null,
  userReport: null,
  guestRegisteredAt: null,
  guestCompletedAt: null,
  guestUpdatedAt: null,
};

async function read(file: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return book;
}

const rowsOf = (sheet: ExcelJS.Worksheet | undefined): unknown[][] => {
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe('activitySummaryWorkbook', () => {
  it('writes the pipeline counts and one row per assessment', async () => {
    const book = await read(await activitySummaryWorkbook([base, fresh]));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Assessments']);
    const summary = rowsOf(book.getWorksheet('Summary'));
    expect(summary[0]).toEqual(['Status', 'Assessments']);
    expect(summary).toContainEqual(['Not invited yet', 1]);
    expect(summary).toContainEqual(['Show all', 2]);
    const rows = rowsOf(book.getWorksheet('Assessments'));
    expect(rows[0]?.slice(0, 3)).toEqual(['Name', 'Surname', 'Email']);
    expect(rows[1]).toEqual([
      'Zuzana',
      'Kováčová',
      'zuzana@example.test',
      'Karoo Logistics',
      'Leadership Pipeline 2025',
      'Combined',
      'slovak',
      'Reminded',
      'Marked',
      '8 837 SX',
      'Performing (PE)',
      'Yes',
      'No',
      '2025-09-01',
      '2025-09-02',
      '2025-09-02',
    ]);
    expect(rows[2]?.slice(5, 12)).toEqual(['Enneagram', 'slovak', 'Not invited', 'Not marked', undefined, undefined, 'No']);
  });
});

describe('miniAssessmentsWorkbook', () => {
  it('writes the mini-assessment columns', async () => {
    const record: MiniAssessmentRecord = {
      uniqueId: '3141f000-0000-4000-8000-000000000001',
      createdAt: '2025-10-21 08:12:44',
      localLanguage: 'slovak',
      name: 'Veronika',
      surname: 'Hudáková',
      email: 'veronika@example.test',
      section2CompletedAt: '2025-10-21 08:26:03',
      ennea: 2,
      trifix: '261',
    };
    const rows = rowsOf((await read(await miniAssessmentsWorkbook([record]))).worksheets[0]);
    expect(rows).toEqual([
      ['Name', 'Surname', 'Email', 'Language', 'Ennea', 'Trifix', 'Started', 'Completed'],
      ['Veronika', 'Hudáková', 'veronika@example.test', 'slovak', 2, '261', '2025-10-21', '2025-10-21'],
    ]);
  });
});

describe('mailingDetailsWorkbook', () => {
  it('writes contact details and the assessment link', async () => {
    const link = 'https://legacy.coachportal.test/register/token?userToken=tok1';
    const rows = rowsOf((await read(await mailingDetailsWorkbook([{ assessment: base, assessmentLink: link }]))).worksheets[0]);
    expect(rows[1]).toEqual([
      'Zuzana',
      'Kováčová',
      'zuzana@example.test',
      'Karoo Logistics',
      'Leadership Pipeline 2025',
      'Combined',
      'slovak',
      link,
    ]);
  });
});

describe('teamSummaryWorkbook', () => {
  it('writes the team and its members', async () => {
    const member: TeamMember = {
      uuid: base.uuid,
      isTeamLeader: 1,
      memberComments: 'Runs the night shift',
      displayName: 'Zuzana Kováčová',
      userCoach: 'Leadership Pipeline 2025',
      userCompany: 'Karoo Logistics',
      userOccupation: 'Depot manager',
      assessmentType: 'full',
      enneaResult: '8w7 SX',
      scoreIMF: 'Performing (PE)',
      completedAt: '2025-09-02 09:40:00',
    };
    const team = {
      name: 'Depot Managers',
      description: null,
      coach: 'Leadership Pipeline 2025',
      reportRequestedDisplay: 'Not Requested',
      reportDueDate: null,
    };
    const book = await read(await teamSummaryWorkbook(team, [member]));
    expect(rowsOf(book.getWorksheet('Team'))).toContainEqual(['Members', 1]);
    expect(rowsOf(book.getWorksheet('Members'))[1]).toEqual([
      'Zuzana Kováčová',
      'Yes',
      'Combined',
      'Karoo Logistics',
      'Depot manager',
      '8w7 SX',
      'Performing (PE)',
      '2025-09-02',
      'Runs the night shift',
    ]);
  });

  it('is served as a spreadsheet', () => {
    expect(CONTENT_TYPES.xlsx).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});
