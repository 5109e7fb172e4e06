// Edit (spec assessments-and-clients §2.3, §4.9, §5 "Edit", §8): the token fields of each selected assessment and,
// once per client, the client's fields; a completed assessment keeps its name, surname and e-mail. An empty project,
// company or other data is passed on empty: the legacy contract's none (`userCoach`, `company`, `otherData`).
import { BatchItemError } from '../../batch/batch-errors.ts';
import { type BatchRun, batchOptions, listChange } from '../../batch/batch-run.ts';
import { type BatchResult, runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { refuseReceived } from '../../domain/assessment-batch-rules.ts';
import { knownRecord, readSelection } from '../../domain/assessment-selection.ts';
import type { InvalidField, OperationInput, SessionContext } from '../../operation.ts';
import { failed, problem } from '../../problem.ts';
import { changeCall, RecordEdits } from '../../snapshots/assessment-snapshot.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';

// spec assessments-and-clients §5 "Edit", §4.9.
export const INVALID_CLIENT_EMAIL = 'Please provide a valid email address.';
/** The Edit dialog's own text for an e-mail the contract refuses. */
export const aboutClientEmail = (failure: InvalidField): boolean => failure.in === 'body' && failure.field === 'email';
export const invalidClientEmail = () => failed(400, 'validation_failed', INVALID_CLIENT_EMAIL);
export const COMPLETED_FIELDS_LOCKED = 'Name, surname and email cannot be changed once an assessment is complete.';
/** "Update failed for {name}." */
export const updateFailed = (name: string): string => `Update failed for ${name}.`;

/**
 * Edit (contract: editAssessments): the selection is checked whole (received assessments; name, surname and e-mail
 * of a completed one, except for an impersonator), then each assessment gets its token fields and, the first time
 * its client comes up, the client's fields.
 */
export async function editAssessments(
  { body }: OperationInput<'editAssessments'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
): Promise<BatchResult> {
  const change = listChange(run);
  const { ids, language, project, reportsToAutoSend, name, surname, email, company, otherData } = body;
  const selection = await readSelection(ctx, ids);
  refuseReceived(selection);
  const touchesIdentity = name !== undefined || surname !== undefined || email !== undefined;
  if (touchesIdentity && !ctx.session.flags.impersonator && selection.some((item) => item.completed)) {
    throw problem(400, 'completed_fields_locked', COMPLETED_FIELDS_LOCKED, 'Failed');
  }
  const tokenFields = {
    ...(language !== undefined ? { assessmentLanguage: language } : {}),
    ...(project !== undefined ? { userCoach: project } : {}),
    ...(reportsToAutoSend !== undefined ? { reportsToAutoSend: reportsToAutoSend.length > 0 ? reportsToAutoSend.join(',') : '-' } : {}),
  };
  const clientFields = {
    ...(name !== undefined ? { name } : {}),
    ...(surname !== undefined ? { surname } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(company !== undefined ? { company } : {}),
    ...(otherData !== undefined ? { otherData } : {}),
  };
  // Each client once, by the first of its selected assessments.
  const clientOwners = new Map<string, string>();
  for (const item of selection) if (item.row && !clientOwners.has(item.row.clientUUID)) clientOwners.set(item.row.clientUUID, item.id);
  const edits = new RecordEdits();
  const clientRecord = clientRecordFields(clientFields);

  const result = await runBatch(
    selection,
    async (item, signal) => {
      const row = knownRecord(item);
      if (Object.keys(tokenFields).length > 0) {
        const { response, error } = await changeCall(
          change,
          ctx.legacy.PATCH('/api/v2/tokens/{assessmentId}', {
            params: { path: { assessmentId: item.id } },
            body: tokenFields,
            signal,
          }),
        );
        if (!response.ok) throw new BatchItemError('update_failed', legacyErrorInfo(error) ?? updateFailed(item.name));
        edits.set(item.id, tokenFields);
      }
      if (Object.keys(clientFields).length > 0 && clientOwners.get(row.clientUUID) === item.id) {
        const { response, error } = await changeCall(
          change,
          ctx.legacy.PATCH('/api/v2/clients/{clientId}', {
            params: { path: { clientId: row.clientUUID } },
            body: clientFields,
            signal,
          }),
        );
        if (!response.ok) throw new BatchItemError('update_failed', legacyErrorInfo(error) ?? updateFailed(item.name));
        if (clientRecord) edits.setClient(row.clientUUID, clientRecord);
        else change.unknown();
      }
    },
    {
      ...settings,
      ...batchOptions(run),
      failureMessage: (item, reason) =>
        reason.code === 'update_failed' || reason.code === 'not_found' ? reason.message : updateFailed(item.name),
    },
  );
  edits.reportTo(change);
  return result;
}

/**
 * The client fields as every record of the client carries them after the edit (the sandbox's `PATCH clients`: an
 * empty company or other data is none), or null when the legacy API may store them otherwise than sent (a value
 * with spaces around it, which the sandbox trims).
 */
function clientRecordFields(fields: { name?: string; surname?: string; email?: string; company?: string; otherData?: string }) {
  if (Object.values(fields).some((value) => value !== value.trim())) return null;
  return {
    ...(fields.name !== undefined ? { clientName: fields.name } : {}),
    ...(fields.surname !== undefined ? { clientSurname: fields.surname } : {}),
    ...(fields.email !== undefined ? { clientEmail: fields.email } : {}),
    ...(fields.company !== undefined ? { clientCompany: fields.company || null } : {}),
    ...(fields.otherData !== undefined ? { otherData: fields.otherData || null } : {}),
  };
}
