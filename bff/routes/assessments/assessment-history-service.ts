// One assessment's e-mail history and its link (spec assessments-and-clients §2.3 "Copy Assessment Link", §2.4
// "history", §3.3, §4.3, §8): legacy inviteHistory / sentReportHistory ↔ AssessmentHistory, and the link copy
// recorded through copiedAssessmentLink (it counts as invited).
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { reportList } from '../../domain/assessment-rows.ts';
import { fromLegacyTime } from '../../domain/legacy-time.ts';
import { isReceived } from '../../domain/pipeline.ts';
import { created, type HttpAnswer, type OperationInput, type SessionContext } from '../../operation.ts';
import { failed, notFound, upstreamError } from '../../problem.ts';
import { assessmentSnapshot, changeCall, RecordEdits } from '../../snapshots/assessment-snapshot.ts';
import type { CopyChange, SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { isLegacyRefusal, legacyErrorInfo } from '../../upstream/legacy-client.ts';

type AssessmentHistory = Bff['schemas']['AssessmentHistory'];
type HistoryEntry = Bff['schemas']['HistoryEntry'];
type LegacyHistoryEntry = Legacy['schemas']['HistoryEntry'];
type AssessmentLink = Bff['schemas']['AssessmentLink'];

// spec §8: "reports may have been sent before 17 March 2022 when logging began".
const LOGGING_SINCE = '2022-03-17';

function toHistoryEntry(entry: LegacyHistoryEntry, kind: AssessmentHistory['kind']): HistoryEntry | null {
  const createdAt = entry && typeof entry === 'object' && typeof entry.createdAt === 'string' ? fromLegacyTime(entry.createdAt) : null;
  if (createdAt === null) return null;
  return {
    createdAt,
    sentViaServer: entry.sentViaServer === 1,
    isReminder: entry.isReminder === 1,
    ...(kind === 'invite' ? { inviteType: entry.inviteType === 'link' ? 'link' : 'email' } : { reports: reportList(entry.reportList) }),
    destinationEmail: entry.destinationEmail ?? '',
  };
}

/** listAssessmentHistory: newest first; an empty list is the client's 'no sent records found'. */
export async function listAssessmentHistory(
  { params: { assessmentId }, query: { kind } }: OperationInput<'listAssessmentHistory'>,
  ctx: SessionContext,
): Promise<AssessmentHistory> {
  const params = { path: { assessmentId } };
  const { data, error, response } =
    kind === 'invite'
      ? await ctx.legacy.GET('/api/v2/tokens/{assessmentId}/inviteHistory', { params })
      : await ctx.legacy.GET('/api/v2/tokens/{assessmentId}/sentReportHistory', { params });
  if (!data) {
    // A legacy 400 names an assessment this coach cannot see.
    if (response.status === 400 || response.status === 404) {
      ctx.log.info({ info: legacyErrorInfo(error) }, 'history refused');
      throw notFound();
    }
    throw upstreamError();
  }
  if (!Array.isArray(data)) throw upstreamError();
  const items = data.map((entry) => toHistoryEntry(entry, kind));
  if (items.some((item) => item === null)) {
    ctx.log.error('history answered a createdAt that is not a legacy time');
    throw upstreamError();
  }
  // The legacy lists are oldest first.
  const newestFirst = (items as HistoryEntry[]).map((item, index) => ({ item, index }));
  newestFirst.sort((a, b) => (a.item.createdAt < b.item.createdAt ? 1 : a.item.createdAt > b.item.createdAt ? -1 : b.index - a.index));
  return { kind, items: newestFirst.map(({ item }) => item), loggingSince: LOGGING_SINCE };
}

/**
 * copyAssessmentLink: the coach's own assessment only (a received one is not the coach's to invite); the copy is
 * recorded first (the record is flagged invited in the coach's list copies), then the link
 * `/register/token?userToken=` on the legacy portal's host is answered.
 */
export async function copyAssessmentLink(
  { params: { assessmentId } }: OperationInput<'copyAssessmentLink'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
  linkBaseUrl: string,
  change: CopyChange,
): Promise<HttpAnswer<AssessmentLink>> {
  let entry = (await assessmentSnapshot(ctx, snapshots, 'own')).byId.get(assessmentId);
  // Added since the copy was made: read the lists again once.
  entry ??= (await assessmentSnapshot(ctx, snapshots, 'own', true)).byId.get(assessmentId);
  if (!entry || isReceived(entry.legacy)) throw notFound();
  const { response, error } = await changeCall(
    change,
    ctx.legacy.GET('/api/v2/tokens/{assessmentId}/copiedAssessmentLink', {
      params: { path: { assessmentId } },
    }),
  );
  if (!response.ok) {
    if (isLegacyRefusal(response)) throw failed(400, 'upstream_rejected', legacyErrorInfo(error) ?? 'There was an unexpected error');
    throw upstreamError();
  }
  // spec §4.3: a link copy counts as invited (the legacy record's `userInvite`; a reminder flag stays as it is).
  const edits = new RecordEdits();
  edits.set(assessmentId, { userInvite: 1 });
  edits.reportTo(change);
  const link = new URL(`/register/token?userToken=${encodeURIComponent(entry.legacy.userToken)}`, linkBaseUrl).href;
  // spec §4.3: a copy counts as invited; one invited before stays reminded.
  return created({ link, inviteState: entry.row.inviteState === 'reminded' ? 'reminded' : 'invited' });
}
