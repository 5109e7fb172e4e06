// The dashboard (spec coach-shell §2.3, §3 "Dashboard info", §4 "Assessment completeness"): legacy
// dashboardInfo, the coach record and, when the coach has received SCOs, the received assessments, mapped
// to the contract's Dashboard. Tiles and the Total donut are counted here (bff/domain/pipeline.ts), so the
// browser never receives the assessment list for this screen.
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { completionSummary, countByFilter, DASHBOARD_TILE_FILTERS, type Tracking } from '../../domain/pipeline.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { upstreamError } from '../../problem.ts';
import type { SessionRecord } from '../../session/session-record.ts';
import { warmAssessmentSnapshot } from '../../snapshots/assessment-snapshot.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';

type Dashboard = Bff['schemas']['Dashboard'];
type LegacyAssessment = Legacy['schemas']['Assessment'];

/** The assistant at the keyboard, for the banner (the same rule as the session's `roles.assistant`). */
function assistantOf({ flags }: SessionRecord): Dashboard['assistant'] {
  return flags.assisted && flags.assistantName && flags.assistantEmail ? { name: flags.assistantName, email: flags.assistantEmail } : null;
}

/**
 * The records the assessments page shows (spec assessments-and-clients §2.1: own merged with received when
 * the coach has received any), each once: a tile counts what its filter will list.
 */
function merged(own: readonly LegacyAssessment[], received: readonly LegacyAssessment[]): Tracking[] {
  const byId = new Map(own.map((row) => [row.uuid, row]));
  for (const row of received) if (!byId.has(row.uuid)) byId.set(row.uuid, row);
  return [...byId.values()];
}

async function receivedAssessments(ctx: SessionContext, coachId: string): Promise<LegacyAssessment[]> {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/tokensX', {
    params: { path: { coachId }, query: { mode: 'received' } },
  });
  if (!data) throw upstreamError();
  return data;
}

/**
 * getDashboard. Upstream 403 → 401 session_ended and 5xx → 502 come from the legacy client; another refusal is a 502
 * too. Once answered, the assessments copy is warmed: the table is the coach's next screen more often than not
 * (docs/decisions/ "The assessments table opens warm").
 */
export async function getDashboard(
  _input: OperationInput<'getDashboard'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<Dashboard> {
  const { session } = ctx;
  const path = { coachId: session.coachId };
  const [info, coach] = await Promise.all([
    ctx.legacy.GET('/api/v2/coaches/{coachId}/dashboardInfo', { params: { path } }),
    ctx.legacy.GET('/api/v2/coaches/{coachId}', { params: { path } }),
  ]);
  if (!info.data || !coach.data) throw upstreamError();
  const { onlyMiniAssessment, countOfReceivedSCOs } = coach.data;
  const base = {
    greeting: { name: info.data.coachName, surname: info.data.coachSurname, email: info.data.coachEmail },
    assistant: assistantOf(session),
    onlyMiniAssessment,
    messagesToAck: info.data.messagesToAck.map(({ subject, body }) => ({ subject, body })),
    policyAlert: info.data.policyAlert,
  };
  // spec coach-shell §2.3: a mini-only coach sees only the notice (contract: no tiles, a zero total).
  if (onlyMiniAssessment) return { ...base, tiles: [], total: { completed: 0, inProgress: 0 } };

  warmAssessmentSnapshot(ctx, snapshots);
  const hasReceived = countOfReceivedSCOs > 0;
  const assessments = merged(info.data.tokens, hasReceived ? await receivedAssessments(ctx, session.coachId) : []);
  const filters = hasReceived ? [...DASHBOARD_TILE_FILTERS, 'receivedScos' as const] : DASHBOARD_TILE_FILTERS;
  return { ...base, tiles: countByFilter(assessments, filters), total: completionSummary(assessments) };
}
