// Reading the Bulk Add upload while it streams in (spec assessments-and-clients §2.3, §4.11, §5 "Bulk add"): a
// body that says it is larger than the limit is refused before a byte is read; the `spreadsheet` part is refused
// as soon as its name or first bytes are not an Excel workbook (.xlsx, a ZIP container) or it passes 10 MB,
// without reading the rest of the body. The form's other fields are checked against the contract's
// ClientsSpreadsheetUpload once the body is read. An accepted spreadsheet is kept whole (at most 10 MB), so the
// legacy call starts only once the browser has sent it.
import type { Readable } from 'node:stream';
import AjvCompiler from '@fastify/ajv-compiler';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { components as Bff } from '../../../generated/bff.ts';
import { bffContract, CONTRACT_AJV_OPTIONS } from '../../plugins/app/openapi-routes.ts';
import { failedField } from '../../plugins/app/problems.ts';
import { type ProblemError, problem } from '../../problem.ts';

export type SpreadsheetForm = Omit<Bff['schemas']['ClientsSpreadsheetUpload'], 'spreadsheet'>;
export interface SpreadsheetUpload {
  form: SpreadsheetForm;
  spreadsheet: Buffer<ArrayBuffer>;
}

/** The contract's `maxLength`: at most 10 MB. */
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
/** What a multipart body may carry besides the spreadsheet (boundaries, part headers, the form's fields). */
const MULTIPART_ALLOWANCE = 64 * 1024;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// spec §5 "Bulk add" (the spec's spelling); the type and size texts are the contract's.
export const UPLOAD_MESSAGES = {
  required: 'Please select an assessment and upload spreasheet',
  typeNotAllowed: 'Please upload an Excel (.xlsx) spreadsheet.',
  tooLarge: 'The spreadsheet must be at most 10 MB.',
} as const;

// The answer closes the connection: what the browser still sends is not read.
const CLOSE = { connection: 'close' };
export const spreadsheetRequired = (): ProblemError => problem(400, 'spreadsheet_required', UPLOAD_MESSAGES.required, 'Failed', {}, CLOSE);
export const spreadsheetTypeNotAllowed = (): ProblemError =>
  problem(400, 'spreadsheet_type_not_allowed', UPLOAD_MESSAGES.typeNotAllowed, 'Failed', {}, CLOSE);
export const spreadsheetTooLarge = (): ProblemError => problem(400, 'spreadsheet_too_large', UPLOAD_MESSAGES.tooLarge, 'Failed', {}, CLOSE);
const invalid = (field: string, message: string): ProblemError =>
  problem(400, 'validation_failed', 'The request is not valid.', 'Failed', { errors: [{ field, message }] }, CLOSE);

/** An .xlsx workbook is a ZIP container: its first bytes are a local file header. */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLSX_NAME = /\.xlsx$/i;
const FIELDS = new Set(['assessmentType', 'tokenType', 'project', 'reportsToAutoSend', 'language', 'duplicatesConfirmed']);

interface FormValidator {
  (form: unknown): boolean;
  errors?: { instancePath: string; params: Record<string, unknown>; message?: string }[] | null;
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

export interface UploadHeaders {
  'content-type'?: string | undefined;
  'content-length'?: string | undefined;
}

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
    const [error] = validate.errors ?? [];
    throw invalid(error ? failedField(error.instancePath, error.params).field || 'body' : 'body', error?.message ?? 'is not valid');
  }
  return { form: form as SpreadsheetForm, spreadsheet };
}

/** Reads the upload; rejects with the contract's problem as soon as the body breaks a rule. */
export function readSpreadsheetUpload(body: Readable, headers: UploadHeaders): Promise<SpreadsheetUpload> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > SPREADSHEET_MAX_BYTES + MULTIPART_ALLOWANCE) return Promise.reject(spreadsheetTooLarge());
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { 'content-type': headers['content-type'] ?? '' },
      limits: { files: 1, fields: 20, parts: 24, headerPairs: 16, fieldSize: 1024, fileSize: SPREADSHEET_MAX_BYTES },
    });
  } catch {
    return Promise.reject(invalid('body', 'is not multipart/form-data with a boundary'));
  }
  return new Promise<SpreadsheetUpload>((resolve, reject) => {
    let settled = false;
    let spreadsheet: Buffer<ArrayBuffer> | undefined;
    const values = new Map<string, string[]>();
    const stop = (error: ProblemError) => {
      if (settled) return;
      settled = true;
      body.unpipe(parser);
      body.pause();
      parser.removeAllListeners('file');
      parser.removeAllListeners('field');
      reject(error);
    };

    const readFile = (file: BusboyFileStream, filename: string) => {
      if (!XLSX_NAME.test(filename)) {
        file.resume();
        stop(spreadsheetTypeNotAllowed());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let sniffed = false;
      file.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (!sniffed && size >= ZIP.length) {
          sniffed = true;
          if (!Buffer.concat(chunks).subarray(0, ZIP.length).equals(ZIP)) stop(spreadsheetTypeNotAllowed());
        }
      });
      file.on('limit', () => stop(spreadsheetTooLarge()));
      file.on('end', () => {
        if (settled) return;
        if (file.truncated) return stop(spreadsheetTooLarge());
        if (!sniffed) return stop(size === 0 ? spreadsheetRequired() : spreadsheetTypeNotAllowed());
        spreadsheet = Buffer.concat(chunks, size);
      });
    };

    parser.on('file', (field, file, filename) => {
      if (settled) {
        file.resume();
        return;
      }
      if (field !== 'spreadsheet' || spreadsheet) {
        file.resume();
        stop(invalid(field, field === 'spreadsheet' ? 'must be one file' : 'is not a field of this form'));
        return;
      }
      readFile(file, filename);
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (settled) return;
      if (!FIELDS.has(name)) return stop(invalid(name, 'is not a field of this form'));
      if (valueTruncated) return stop(invalid(name, 'is too long'));
      values.set(name, [...(values.get(name) ?? []), value]);
    });
    for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const)
      parser.on(event, () => stop(invalid('body', 'has too many parts')));
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      try {
        resolve(checkedForm(values, spreadsheet));
      } catch (error) {
        reject(error);
      }
    });
    parser.on('error', () => stop(invalid('body', 'is not a readable multipart body')));
    body.on('error', () => stop(invalid('body', 'was not received whole')));
    body.pipe(parser);
  });
}
