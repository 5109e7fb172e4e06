// Send Invites/Reminders and its preview (spec assessments-and-clients §2.3, §4.3, §8): completed assessments
// skipped, one legacy `sendinvite` per other one, sent by the server or drafted for the coach's own e-mail client.
import type { components as Bff } from '../../../generated/bff.ts';
import { type BatchRun, batchOptions, listChange } from '../../batch/batch-run.ts';
import { runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { planInvites, refuseReceived } from '../../domain/assessment-batch-rules.ts';
import { refuseNotInList, type Selected } from '../../domain/assessment-selection.ts';
import { destinationOf, sendFailed } from '../../domain/emails.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { failed } from '../../problem.ts';
import type { SessionRecord } from '../../session/session-record.ts';
import { changeCall, RecordEdits } from '../../snapshots/assessment-snapshot.ts';
import { selectionFromCopy } from '../../snapshots/selection-copy.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { draftOf, emailOutcome, inOrder, MESSAGES, previewOf } from './assessment-emails.ts';

type InviteBatchResult = Bff['schemas']['InviteBatchResult'];
type EmailDraft = Bff['schemas']['EmailDraft'];
type EmailPreview = Bff['schemas']['EmailPreview'];

/**
 * Where the invites go: the clients (null), or an impersonator's typed coach address (spec §4.3). The legacy
 * `sendinvite` takes no address and its server send reaches the client, so an impersonator's server send is refused
 * before anything is read, and their invites are drafts addressed to the typed address
 * (docs/decisions/010-an-impersonators-invites-are-drafts.md).
 */
function inviteDestination(
  session: SessionRecord,
  body: Pick<OperationInput<'sendInvites' | 'previewInvite'>['body'], 'serverSend' | 'coachEmailAddress'>,
): string | null {
  const destination = destinationOf(session, body.coachEmailAddress);
  if (destination !== null && body.serverSend) throw failed(400, 'impersonator_server_send', MESSAGES.impersonatorServerSend);
  return destination;
}

/**
 * Send Invites/Reminders (contract: sendInvites), planned from the coach's copy of the lists (the one its review was
 * shown from: no legacy list is read while the copy is held): completed skipped, one `sendinvite` per other assessment; each one
 * sent flags its record in the coach's list copies. A selection holding a received assessment is refused.
 */
export async function sendInvites(
  { body }: OperationInput<'sendInvites'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
  snapshots: SnapshotCache,
): Promise<InviteBatchResult> {
  const change = listChange(run);
  const destination = inviteDestination(ctx.session, body);
  // The coach's own e-mail client takes one invite at a time (spec §5 "Sending and downloading reports"); it also
  // bounds the drafts of a selection of thousands.
  if (!body.serverSend && body.ids.length > 1) throw failed(400, 'own_email_single_only', MESSAGES.ownEmailSingleOnly);
  const selection = await selectionFromCopy(ctx, snapshots, body.ids);
  // Ids in neither of the coach's lists refuse the whole selection, before anything is sent.
  refuseNotInList(selection);
  // A received assessment is not the coach's to invite (the legacy API refuses it, one by one): refused up front (§4.7).
  refuseReceived(selection);
  const { toSend, skippedCompleted } = planInvites(selection);
  const drafts = new Map<string, EmailDraft>();
  const edits = new RecordEdits();
  let reminders = 0;
  const result = await runBatch(
    toSend,
    async (item, signal) => {
      const { row } = item;
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
      if (!body.serverSend) drafts.set(item.id, draftOf(item, answer, destination));
    },
    { ...settings, ...batchOptions(run), failureMessage: sendFailed },
  );
  edits.reportTo(change);
  return { ...result, skippedCompleted, reminders, drafts: inOrder(toSend, drafts) };
}

/** The invite preview (contract: previewInvite): the first selected assessment that is not complete. */
export async function previewInvite(
  { body }: OperationInput<'previewInvite'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<EmailPreview> {
  const destination = inviteDestination(ctx.session, body);
  const selection = (await selectionFromCopy(ctx, snapshots, body.ids)).filter((item) => item.row !== null);
  refuseReceived(selection);
  const [first] = planInvites(selection).toSend;
  const { data, error } = await ctx.legacy.GET('/api/v2/tokens/{assessmentId}/sendinvite', {
    params: { path: { assessmentId: (first as Selected).id }, query: { serverSend: body.serverSend, forPreview: true } },
  });
  return previewOf(data, error, destination);
}
