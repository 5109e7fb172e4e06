import ExcelJS from 'exceljs';
import type { components } from '../../generated/legacy.ts';
import { isValidEmail } from '../domain/validation.ts';

// spec assessments-and-clients §4.11, §5 "Bulk add": an Excel file with name, surname, email and company columns.
type BulkUploadResult = components['schemas']['BulkUploadResult'];
export type BrokenClient = BulkUploadResult['brokenClients'][number];
export type DuplicatedGuest = BulkUploadResult['duplicatedGuests'][number];

export type UploadedClient = { row: number; name: string; surname: string; email: string; company: string };
export type BrokenRow = { row: number; reason: 'missingFields' | 'invalidEmail' | 'repeatedInFile'; client: BrokenClient };
export type ParsedUpload = { ok: true; clients: UploadedClient[]; broken: BrokenRow[] } | { ok: false; error: string };

export const COLUMNS = ['name', 'surname', 'email', 'company'] as const;
type Column = (typeof COLUMNS)[number];

export const NOT_A_SPREADSHEET = 'The uploaded file is not a readable Excel spreadsheet.';
export const MISSING_COLUMNS = 'The spreadsheet needs a header row with the columns name, surname, email and company.';
export const INVALID_EMAIL_SUFFIX = ' (invalid email)';

// Header names people type for the same columns; the match ignores case, spaces, dashes and underscores.
const HEADER_ALIASES: Readonly<Record<string, Column>> = {
  name: 'name',
  firstname: 'name',
  surname: 'surname',
  lastname: 'surname',
  email: 'email',
  emailaddress: 'email',
  company: 'company',
  organisation: 'company',
  organization: 'company',
};

const headerKey = (text: string): string => text.toLowerCase().replace(/[\s\-_]+/g, '');

export async function parseBulkUpload(file: Buffer): Promise<ParsedUpload> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as its own ArrayBuffer-like Buffer; at run time it reads a Node Buffer.
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    return { ok: false, error: NOT_A_SPREADSHEET };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, error: NOT_A_SPREADSHEET };

  let headerRow = 0;
  const columnOf = new Map<Column, number>();
  sheet.eachRow((row, rowNumber) => {
    if (headerRow !== 0) return;
    row.eachCell((cell, column) => {
      const alias = HEADER_ALIASES[headerKey(cell.text)];
      if (alias && !columnOf.has(alias)) columnOf.set(alias, column);
    });
    if (columnOf.size > 0) headerRow = rowNumber;
  });
  if (!columnOf.has('name') || !columnOf.has('surname') || !columnOf.has('email')) return { ok: false, error: MISSING_COLUMNS };

  const clients: UploadedClient[] = [];
  const broken: BrokenRow[] = [];
  const seen = new Set<string>();
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber <= headerRow) return;
    const read = (column: Column): string => {
      const index = columnOf.get(column);
      return index === undefined ? '' : row.getCell(index).text.trim();
    };
    const values = { name: read('name'), surname: read('surname'), email: read('email'), company: read('company') };
    if (Object.values(values).every((value) => value === '')) return;
    if (values.name === '' || values.surname === '' || values.email === '') {
      broken.push({ row: rowNumber, reason: 'missingFields', client: values });
    } else if (!isValidEmail(values.email)) {
      broken.push({ row: rowNumber, reason: 'invalidEmail', client: { ...values, email: `${values.email}${INVALID_EMAIL_SUFFIX}` } });
    } else if (seen.has(values.email.toLowerCase())) {
      broken.push({ row: rowNumber, reason: 'repeatedInFile', client: values });
    } else {
      seen.add(values.email.toLowerCase());
      clients.push({ row: rowNumber, ...values });
    }
  });
  return { ok: true, clients, broken };
}

export type ExistingClient = {
  name: string;
  surname: string;
  email: string;
  lastAssessmentType: DuplicatedGuest['lastAssessmentType'];
  lastAssessment: string | null;
};

/** The uploaded clients who exist already (same e-mail, case-insensitive), as the duplicate modal lists them. */
export function findDuplicates(clients: readonly UploadedClient[], existing: readonly ExistingClient[]): DuplicatedGuest[] {
  const byEmail = new Map(existing.map((client) => [client.email.trim().toLowerCase(), client]));
  return clients.flatMap((client) => {
    const match = byEmail.get(client.email.toLowerCase());
    return match
      ? [
          {
            name: match.name,
            surname: match.surname,
            email: match.email,
            lastAssessmentType: match.lastAssessmentType,
            lastAssessment: match.lastAssessment,
          },
        ]
      : [];
  });
}

export type TemplateRow = Partial<Record<Column, string>>;

/** /coachportal/clients_template.xlsx (spec assessments-and-clients §2.1); with rows, an upload for tests and the seed. */
export async function clientsTemplate(rows: readonly TemplateRow[] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Coach portal sandbox';
  const sheet = workbook.addWorksheet('Clients');
  sheet.columns = COLUMNS.map((key) => ({ header: key, key, width: key === 'email' ? 36 : 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
