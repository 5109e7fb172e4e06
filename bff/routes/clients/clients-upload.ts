// The Bulk Add upload (spec assessments-and-clients §2.3, §4.11, §5 "Bulk add"), read while it streams in by
// bff/uploads/multipart-file.ts: the `spreadsheet` part must be an Excel workbook (.xlsx, a ZIP container) of at
// most 10 MB; the form's other fields are checked against the contract's ClientsSpreadsheetUpload once the body
// is read; then the workbook's ZIP directory is read (never inflated) for what it unpacks to, before it leaves the BFF.
import type { Readable } from 'node:stream';
import AjvCompiler from '@fastify/ajv-compiler';
import type { components as Bff } from '../../../generated/bff.ts';
import { describeFailures, type SchemaFailure } from '../../field-messages.ts';
import { bffContract } from '../../plugins/app/bff-contract.ts';
import { CONTRACT_AJV_OPTIONS } from '../../plugins/app/openapi-routes.ts';
import { contractEmojiPatterns, contractTextPatterns } from '../../plugins/app/problems.ts';
import { type ProblemError, problem } from '../../problem.ts';
import { type FileUploadRules, readMultipartFile, type UploadHeaders } from '../../uploads/multipart-file.ts';
import { checkZipBounds, type ZipBounds } from '../../uploads/zip-bounds.ts';

export type SpreadsheetForm = Omit<Bff['schemas']['ClientsSpreadsheetUpload'], 'spreadsheet'>;
export interface SpreadsheetUpload {
  form: SpreadsheetForm;
  spreadsheet: Buffer<ArrayBuffer>;
}

/** The contract's `maxLength`: at most 10 MB. */
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
/**
 * What the workbook may unpack to (docs/decisions/016-uploads-bounded-by-what-they-unpack-to.md). Bulk Add's rows
 * are four short texts: 50 MB of sheet XML is some 200,000 rows, far beyond a real upload, and far below what the
 * legacy reader would hold in memory for a zip bomb (a 10 MB file can declare gigabytes). The entry count and the
 * ratio are Apache POI's defaults for reading an .xlsx (at most 1,000 entries; at most 100:1 for an entry over
 * 100 KB): a workbook is a few dozen entries (sheets, styles, relations), and its XML packs 5 to 20 times.
 */
export const SPREADSHEET_UNPACKED_BOUNDS: ZipBounds = {
  maxEntries: 1000,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxRatio: 100,
  ratioGraceBytes: 100 * 1024,
};
/** What a multipart body may carry besides the spreadsheet (boundaries, part headers, the form's fields). */
const MULTIPART_ALLOWANCE = 64 * 1024;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// spec §5 "Bulk add" (the spec's spelling); the type and size texts are the contract's.
export const UPLOAD_MESSAGES = {
  required: 'Please select an assessment and upload spreasheet',
  typeNotAllowed: 'Please upload an Excel (.xlsx) spreadsheet.',
  tooLarge: 'The spreadsheet must be at most 10 MB.',
} as const;

const MB = 1024 * 1024;
const wholeMegabytes = (bytes: number) => `${Math.floor(bytes / MB).toLocaleString('en-US')} MB`;
/** The refusals of a workbook for what it unpacks to (the BFF's messages), one sentence each. */
export const UNPACKED_MESSAGES = {
  unpackedBytes: (bytes: number) =>
    `The spreadsheet unpacks to at least ${wholeMegabytes(bytes)}; it may unpack to at most ${wholeMegabytes(SPREADSHEET_UNPACKED_BOUNDS.maxUnpackedBytes)}.`,
  entries: (entries: number) =>
    `The spreadsheet holds ${entries.toLocaleString('en-US')} parts; a workbook may hold at most ${SPREADSHEET_UNPACKED_BOUNDS.maxEntries.toLocaleString('en-US')}.`,
  ratio: (ratio: number) =>
    `A part of the spreadsheet unpacks to ${Math.floor(ratio).toLocaleString('en-US')} times its packed size; at most ${SPREADSHEET_UNPACKED_BOUNDS.maxRatio} times is allowed.`,
} as const;

// The answer closes the connection: what the browser still sends is not read.
const CLOSE = { connection: 'close' };
export const spreadsheetRequired = (): ProblemError => problem(400, 'spreadsheet_required', UPLOAD_MESSAGES.required, 'Failed', {}, CLOSE);
export const spreadsheetTypeNotAllowed = (): ProblemError =>
  problem(400, 'spreadsheet_type_not_allowed', UPLOAD_MESSAGES.typeNotAllowed, 'Failed', {}, CLOSE);
export const spreadsheetTooLarge = (): ProblemError => problem(400, 'spreadsheet_too_large', UPLOAD_MESSAGES.tooLarge, 'Failed', {}, CLOSE);
export const spreadsheetContentTooLarge = (detail: string): ProblemError =>
  problem(400, 'spreadsheet_content_too_large', detail, 'Failed', {}, CLOSE);
const invalid = (field: string, message: string): ProblemError =>
  problem(400, 'validation_failed', 'The request is not valid.', 'Failed', { errors: [{ field, message }] }, CLOSE);

/** An .xlsx workbook is a ZIP container: its first bytes are a local file header. */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLSX_NAME = /\.xlsx$/i;
const FIELDS = new Set(['assessmentType', 'tokenType', 'project', 'reportsToAutoSend', 'language', 'duplicatesConfirmed']);

interface FormValidator {
  (form: unknown): boolean;
  errors?: SchemaFailure[] | null;
}
let validateForm: FormValidator | undefined;
/** The contract's schema of the form, compiled once with Fastify's Ajv (the spreadsheet itself is checked while it streams). */
function formValidator(): FormValidator {
  if (!validateForm) {
    const { components } = bffContract() as { components: unknown };
    const compilers = AjvCompiler()(
      { bff: { $id: 'bff', components } },
      { customOptions: { ...CONTRACT_AJV_OPTIONS, coerceTypes: false } },
    );
    const compile = compilers as unknown as (route: { schema: unknown }) => FormValidator;
    validateForm = compile({ schema: { $ref: 'bff#/components/schemas/ClientsSpreadsheetUpload' } });
  }
  return validateForm;
}

type Schema = { [key: string]: unknown };
const componentSchemas = () => (bffContract() as { components: { schemas: Record<string, Schema> } }).components.schemas;
/** A schema of the bundled contract's components: where the form's fields are named (their titles). */
const contractSchema = (name: string): Schema | undefined => componentSchemas()[name];
const resolveComponent = (schema: Schema): Schema =>
  typeof schema.$ref === 'string' ? (componentSchemas()[schema.$ref.replace('#/components/schemas/', '')] ?? schema) : schema;

/** The fields as the contract types them: repeated `reportsToAutoSend` (or a comma list) as an array, the flag as a boolean. */
function formOf(values: Map<string, string[]>): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [name, list] of values) {
    if (name === 'reportsToAutoSend')
      form[name] = list
        .flatMap((value) => value.split(','))
        .map((code) => code.trim())
        .filter(Boolean);
    else if (name === 'duplicatesConfirmed') form[name] = list[0] === 'true' ? true : list[0] === 'false' ? false : list[0];
    else form[name] = list.length === 1 ? list[0] : list;
  }
  return form;
}

/** The checks once the whole body is read: the spec's "select an assessment and upload", then the contract. */
function checkedForm(values: Map<string, string[]>, spreadsheet: Buffer<ArrayBuffer> | undefined): SpreadsheetUpload {
  const assessmentType = values.get('assessmentType')?.[0];
  if (!spreadsheet || !assessmentType) throw spreadsheetRequired();
  const form = formOf(values);
  const validate = formValidator();
  if (!validate({ ...form, spreadsheet: 'x' })) {
    const { detail, errors } = describeFailures((validate.errors ?? []).slice(0, 1), {
      schema: contractSchema('ClientsSpreadsheetUpload'),
      resolve: resolveComponent,
      textPatterns: contractTextPatterns(),
      emojiPatterns: contractEmojiPatterns(),
      // New clients: nothing is updated.
      updating: false,
      where: 'body',
    });
    throw problem(400, 'validation_failed', detail, 'Failed', { errors }, CLOSE);
  }
  return { form: form as SpreadsheetForm, spreadsheet };
}

const SPREADSHEET_RULES: FileUploadRules<typeof XLSX_TYPE> = {
  fileField: 'spreadsheet',
  maxBytes: SPREADSHEET_MAX_BYTES,
  multipartAllowance: MULTIPART_ALLOWANCE,
  fileName: XLSX_NAME,
  sniffBytes: ZIP.length,
  sniff: (head) => (head.subarray(0, ZIP.length).equals(ZIP) ? XLSX_TYPE : null),
  fields: FIELDS,
  tooLarge: spreadsheetTooLarge,
  typeNotAllowed: spreadsheetTypeNotAllowed,
  empty: spreadsheetRequired,
  invalid,
};

/** Reads the upload; rejects with the contract's problem as soon as the body breaks a rule. */
export async function readSpreadsheetUpload(body: Readable, headers: UploadHeaders): Promise<SpreadsheetUpload> {
  const { file, fields } = await readMultipartFile(body, headers, SPREADSHEET_RULES);
  const upload = checkedForm(fields, file?.bytes);
  await checkUnpacked(upload.spreadsheet);
  return upload;
}

/** Refuses a workbook for what its directory says it unpacks to; one whose directory cannot be read is no workbook. */
async function checkUnpacked(spreadsheet: Buffer<ArrayBuffer>): Promise<void> {
  const verdict = await checkZipBounds(spreadsheet, SPREADSHEET_UNPACKED_BOUNDS);
  if (verdict.ok) return;
  switch (verdict.broken) {
    case 'unreadable':
      throw spreadsheetTypeNotAllowed();
    case 'entries':
      throw spreadsheetContentTooLarge(UNPACKED_MESSAGES.entries(verdict.entries));
    case 'unpackedBytes':
      throw spreadsheetContentTooLarge(UNPACKED_MESSAGES.unpackedBytes(verdict.unpackedBytes));
    case 'ratio':
      throw spreadsheetContentTooLarge(UNPACKED_MESSAGES.ratio(verdict.ratio));
  }
}
