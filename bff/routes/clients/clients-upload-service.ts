// Bulk Add Clients and Assessments (spec assessments-and-clients §2.3, §3.7, §4.11, §5 "Bulk add", §8): the
// spreadsheet read from the upload (clients-upload.ts), the assessment's rules, then the legacy upload. Existing
// clients are confirmed first: the legacy `pleaseConfirm` becomes `needsConfirmation` with the duplicates, and
// Proceed repeats the upload with `duplicatesConfirmed` (legacy `duplicatesConfirmedOK`).
import type { Readable } from 'node:stream';
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy, paths as LegacyPaths } from '../../../generated/legacy.ts';
import type { OperationHandler, SessionContext } from '../../operation.ts';
import { failed, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import { isLegacyRefusal, legacyErrorInfo } from '../../upstream/legacy-client.ts';
import { legacyAssessmentFields } from './client-actions-service.ts';
import { readSpreadsheetUpload, XLSX_TYPE } from './clients-upload.ts';

type BulkUploadResult = Bff['schemas']['BulkUploadResult'];
type BrokenClient = Bff['schemas']['BulkUploadDone']['brokenClients'][number];
type LegacyBulkResult = Legacy['schemas']['BulkUploadResult'];
type LegacyBroken = LegacyBulkResult['brokenClients'][number];
type LegacyUploadForm =
  LegacyPaths['/api/v3/coaches/{coachId}/bulkAddClientsTokens/upload']['post']['requestBody']['content']['multipart/form-data'];

/** spec §5 "Bulk add": the legacy API marks an invalid address by this suffix. */
export const INVALID_EMAIL = '(invalid email)';
/** The count of a legacy message such as "11 clients and assessments added." (its only source, the contract says). */
const LEADING_COUNT = /^(\d{1,5})\b/;
/** The contract's longest `message` (BulkUploadDone). */
const MESSAGE_MAX = 2000;

/** The legacy answer gives no reason for a row with every detail and a valid address (e.g. an address the file repeats). */
export const NOT_ADDED = '(could not be added)';

/**
 * A broken row as the contract lists it: the details, and the row's own reason: the e-mail's suffix, the details it
 * lacks (spec §5 "Add client": name, surname and email are all required), else that it was not added. The legacy
 * `error` is the upload's summary, never a row's reason (resultOf shows it with the message).
 */
function brokenOf(row: LegacyBroken): BrokenClient {
  const email = row.email ?? '';
  const flagged = email.endsWith(INVALID_EMAIL);
  return {
    ...(row.name !== undefined && { name: row.name }),
    ...(row.surname !== undefined && { surname: row.surname }),
    ...(row.email !== undefined && { email: flagged ? email.slice(0, -INVALID_EMAIL.length).trimEnd() : email }),
    reason: flagged ? INVALID_EMAIL : (missingOf(row) ?? NOT_ADDED),
  };
}

/** "(missing name)", "(missing name and email)", "(missing name, surname and email)"; nothing when all are there. */
function missingOf(row: LegacyBroken): string | undefined {
  const missing = (['name', 'surname', 'email'] as const).filter((field) => (row[field] ?? '').trim() === '');
  if (missing.length === 0) return undefined;
  const last = missing.pop() as string;
  return `(missing ${missing.length === 0 ? last : `${missing.join(', ')} and ${last}`})`;
}

function resultOf(data: LegacyBulkResult): BulkUploadResult {
  if (data.pleaseConfirm) {
    return {
      status: 'needsConfirmation',
      duplicates: data.duplicatedGuests.map((guest) => ({
        name: guest.name,
        surname: guest.surname,
        email: guest.email,
        ...(guest.lastAssessmentType !== null && { lastAssessmentType: guest.lastAssessmentType }),
        ...(guest.lastAssessment !== null && { lastAssessment: guest.lastAssessment }),
      })),
    };
  }
  const count = data.message ? LEADING_COUNT.exec(data.message)?.[1] : undefined;
  // The summary is the message and the upload's error together ("11 added. 2 rows could not be added."), shown
  // apart from the rows.
  const message = [data.message, data.error]
    .map((text) => text?.trim())
    .filter(Boolean)
    .join(' ')
    .slice(0, MESSAGE_MAX);
  return {
    status: 'done',
    ...(count !== undefined && { created: Number(count) }),
    ...(message !== '' && { message }),
    brokenClients: data.brokenClients.map(brokenOf),
  };
}

/** uploadClientsSpreadsheet: the upload read and checked while it streams, then one legacy upload. */
export const uploadClientsSpreadsheet: OperationHandler<'uploadClientsSpreadsheet'> = async (input, ctx) => {
  // A multipart body reaches the handler as the request stream (plugins/app/openapi-routes.ts).
  const body = (input as unknown as { body: Readable }).body;
  const { form, spreadsheet } = await readSpreadsheetUpload(body, ctx.headers);
  const fields = legacyAssessmentFields(ctx.session, {
    assessmentType: form.assessmentType,
    ...(form.tokenType !== undefined && { tokenType: form.tokenType }),
    ...(form.project !== undefined && { project: form.project }),
    ...(form.reportsToAutoSend !== undefined && { reportsToAutoSend: form.reportsToAutoSend }),
    ...(form.language !== undefined && { language: form.language }),
  });
  const upload = new FormData();
  upload.append('tokenType', fields.tokenType);
  if (fields.userCoach) {
    upload.append('userCoach', fields.userCoach);
    upload.append('project', fields.userCoach);
  }
  upload.append('reportsToAutoSend', fields.reportsToAutoSend);
  upload.append('assessmentLanguage', fields.assessmentLanguage);
  upload.append('assessmentType', fields.assessmentType);
  if (form.duplicatesConfirmed) upload.append('duplicatesConfirmedOK', 'true');
  // The file part gets a name of the BFF's making (never the browser's).
  upload.append('spreadsheet', new Blob([spreadsheet], { type: XLSX_TYPE }), 'clients.xlsx');
  return sendUpload(ctx, upload);
};

async function sendUpload(ctx: SessionContext, upload: FormData): Promise<BulkUploadResult> {
  const { data, error, response } = await ctx.legacy.POST('/api/v3/coaches/{coachId}/bulkAddClientsTokens/upload', {
    params: { path: { coachId: ctx.session.coachId } },
    // The contract types the multipart fields as an object; the legacy client sends a FormData as multipart.
    body: upload as unknown as LegacyUploadForm,
  });
  if (data) return resultOf(data);
  if (!isLegacyRefusal(response)) throw upstreamError();
  // spec §8: "Bulk upload failure shows the error and a list of broken clients".
  const answer = error as Partial<LegacyBulkResult> & { error?: unknown };
  const message =
    legacyErrorInfo(error) ?? (typeof answer?.error === 'string' && answer.error.trim() !== '' ? answer.error : UNEXPECTED_MESSAGE);
  const broken = Array.isArray(answer?.brokenClients) ? answer.brokenClients.map(brokenOf) : [];
  throw failed(400, 'upload_failed', message, broken.length > 0 ? { brokenClients: broken } : {});
}
