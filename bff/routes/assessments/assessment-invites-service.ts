// Send Invites/Reminders and its preview (spec assessments-and-clients §2.3, §4.3, §8): completed assessments
// skipped, one legacy `sendinvite` per other one, sent by the server or drafted for the coach's own e-mail client.
import type { components as Bff } from '../../../generated/bff.ts';
import { batchContext, runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { planInvites } from '../../domain/assessment-batch-rules.ts';
import { knownRecord, readSelection, type Selected } from '../../domain/assessment-selection.ts';
import { destinationOf, sendFailed } from '../../domain/emails.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { changeCall, RecordEdits } from '../../snapshots/assessment-snapshot.ts';
import type { CopyChange } from '../../snapshots/snapshot-cache.ts';
import { draftOf, emailOutcome, inOrder, previewOf } from './assessment-emails.ts';

type InviteBatchResult = Bff['schemas']['InviteBatchResult'];
type EmailDraft = Bff['schemas']['EmailDraft'];
type EmailPreview = Bff['schemas']['EmailPreview'];

/**
 * Send Invites/Reminders (contract: sendInvites): completed skipped, one `sendinvite` per other assessment; each one
 * sent flags its record in the coach's list copies.
 */
export async function sendInvites(
  { body }: OperationInput<'sendInvites'>,
  ctx: SessionContext,
  settings: Config['batch'],
  change: CopyChange,
): Promise<InviteBatchResult> {
  // The legacy invite call takes no address: the impersonator's legacy session sends to the coach (spec §4.3).
  destinationOf(ctx.session, body.coachEmailAddress);
  const { toSend, skippedCompleted } = planInvites(await readSelection(ctx, body.ids));
  const drafts = new Map<string, EmailDraft>();
  const edits = new RecordEdits();
  let reminders = 0;
  const result = await runBatch(
    toSend,
    async (item, signal) => {
      const row = knownRecord(item);
      const { data, error } = await changeCall(
        change,
        ctx.legacy.GET('/api/v2/tokens/{assessmentId}/sendinvite', {
          params: { path: { assessmentId: item.id }, query: { serverSend: body.serverSend } },
          signal,
        }),
      );
      // A 200 that does not say it was sent may still have flagged the record.
      if (data && (data.error || (body.serverSend && !data.sent))) change.unknown();
      const answer = emailOutcome(data, error, body.serverSend);
      // spec §4.3: an invite flags the record as invited, one to a client invited before as reminded (the
      // legacy list's values after it, whatever the copy holds).
      edits.set(item.id, { userInvite: 1, reminded: row.userInvite === 1 ? 1 : row.reminded });
      // Timed out or stopped meanwhile: the batch counts the item already, so nothing of it is recorded.
      signal.throwIfAborted();
      // A client invited before gets a reminder (spec §4.3).
      if (row.userInvite === 1) reminders++;
      if (!body.serverSend) drafts.set(item.id, draftOf(item, answer));
    },
    { ...settings, ...batchContext(ctx), failureMessage: sendFailed },
  );
  edits.reportTo(change);
  return { ...result, skippedCompleted, reminders, drafts: inOrder(toSend, drafts) };
}

/** The invite preview (contract: previewInvite): the first selected assessment that is not complete. */
export async function previewInvite({ body }: OperationInput<'previewInvite'>, ctx: SessionContext): Promise<EmailPreview> {
  const destination = destinationOf(ctx.session, body.coachEmailAddress);
  const selection = (await readSelection(ctx, body.ids)).filter((item) => item.row !== null);
  const [first] = planInvites(selection).toSend;
  const { data, error } = await ctx.legacy.GET('/api/v2/tokens/{assessmentId}/sendinvite', {
    params: { path: { assessmentId: (first as Selected).id }, query: { serverSend: body.serverSend, forPreview: true } },
  });
  return previewOf(data, error, destination);
}
