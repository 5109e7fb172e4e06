// getUpdates: what keeps a coach screen current. The coach's lists are read from the legacy API at most once per
// interval (bff/updates/updates-feed.ts: one caller per coach, whatever the tabs, sessions and instances); that read
// refreshes the assessments copy the tables page (no second read for them), is compared with the states the last read
// kept, and each change (an assessment completed, its reports ready, a team or pair report arrived) is recorded once
// for every session of the coach, which reads the changes after its own cursor. A change found moves the coach's list
// version, so every screen and every instance reads its lists again.
import { createHash } from 'node:crypto';
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { isComplete, isMarked, isReceived, isWrappedUp } from '../../domain/pipeline.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { dependencyUnavailable, problem, upstreamError } from '../../problem.ts';
import { ASSESSMENT_TYPE_NAMES, type AssessmentSnapshot, assessmentSnapshot } from '../../snapshots/assessment-snapshot.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import type { UpdatesFeed } from '../../updates/updates-feed.ts';
import { type Baseline, isFutureCursor, type NewUpdate } from '../../updates/updates-store.ts';

type Updates = Bff['schemas']['Updates'];
type LegacyTeam = Legacy['schemas']['Team'];
type LegacyCouple = Legacy['schemas']['Couple'];
type LegacyAssessment = Legacy['schemas']['Assessment'];

/** The copy the refresh reads, so the assessments table's next page finds it fresh. */
const OWN_ASSESSMENTS = 'assessments:own';
/** The legacy pair list's "no report supplied yet" (spec assessments-and-clients §3.10). */
const NOT_SUPPLIED = '-';

// What the baseline keeps of a record that may still change into something to tell; a record in a final state
// (reports ready, a report available) is not kept.
const INCOMPLETE = 'i';
const IN_MARKING = 'm';
const NOT_AVAILABLE = 'n';
/** The baseline's key for the fingerprint of everything read (no record key starts with it). */
const FINGERPRINT = '#';

/** A read compared with the kept states: the states to keep now, and the changes found. */
class Comparison {
  readonly baseline: Baseline = {};
  readonly changes: NewUpdate[] = [];
  readonly #kept: Baseline | null;
  constructor(kept: Baseline | null) {
    this.#kept = kept;
  }
  /** The state the last read kept for a record (none: new, final, or no read before). */
  kept(key: string): string | undefined {
    return this.#kept?.[key];
  }
}

/** The contract's longest notification text (Update.text maxLength); a longer legacy name is cut with an ellipsis. */
const TEXT_MAX = 300;
const told = (text: string): string => (text.length <= TEXT_MAX ? text : `${text.slice(0, TEXT_MAX - 1)}…`);

const nameOf = (a: { clientName: string; clientSurname: string }): string => `${a.clientName} ${a.clientSurname}`.trim();

/** spec assessments-and-clients §4.1, §4.2: a completed Enneagram is auto-marked; the others wait for marking. */
const readyToSend = (a: LegacyAssessment): boolean => isComplete(a) && (a.assessmentType === 'ennea' || isMarked(a));

function compareAssessments(snapshot: AssessmentSnapshot, comparison: Comparison, at: string): void {
  for (const { legacy: a } of snapshot.table.entries) {
    // Received records are another coach's clients (spec §4.7: not this coach's client page); a wrapped-up one is done with.
    if (isReceived(a) || isWrappedUp(a)) continue;
    const key = `a:${a.uuid}`;
    if (!isComplete(a)) {
      comparison.baseline[key] = INCOMPLETE;
      continue;
    }
    const ready = readyToSend(a);
    if (!ready) comparison.baseline[key] = IN_MARKING;
    const kept = comparison.kept(key);
    if (kept === undefined || (kept === IN_MARKING && !ready)) continue;
    const label = ASSESSMENT_TYPE_NAMES[a.assessmentType];
    const base = { at, link: `/clighent/${a.clientUUID}`, assessmentId: a.uuid };
    if (kept === INCOMPLETE)
      comparison.changes.push({ ...base, kind: 'assessmentCompleted', text: told(`${nameOf(a)} completed the ${label}`) });
    // An Enneagram's completion is its readiness (auto-marked): told once, as the completion.
    if (ready && (kept === IN_MARKING || a.assessmentType !== 'ennea')) {
      comparison.changes.push({ ...base, kind: 'reportsReady', text: told(`The ${label} reports for ${nameOf(a)} are ready to send`) });
    }
  }
}

function compareTeams(teams: readonly LegacyTeam[], comparison: Comparison, at: string): void {
  for (const team of teams) {
    const key = `t:${team.uuid}`;
    if (!team.isReportAvailable) comparison.baseline[key] = NOT_AVAILABLE;
    else if (comparison.kept(key) === NOT_AVAILABLE) {
      // A team given to the coach cannot be viewed (spec coach-shell §2.6): its reports are downloaded from the list.
      const link = team.scoReceivedFrom === null ? `/team?id=${team.uuid}` : '/teams';
      const text = told(`The team report for ${team.name} is available`);
      comparison.changes.push({ at, kind: 'teamReportAvailable', text, link, teamId: team.uuid });
    }
  }
}

function comparePairs(couples: readonly LegacyCouple[], comparison: Comparison, at: string): void {
  for (const couple of couples) {
    const key = `p:${couple.uuid}`;
    if (couple.reportSuppliedAt === NOT_SUPPLIED) comparison.baseline[key] = NOT_AVAILABLE;
    else if (comparison.kept(key) === NOT_AVAILABLE) {
      const name = couple.info.trim() || couple.assessments.map(nameOf).join(' and ');
      const text = told(`The pair report for ${name} is available`);
      comparison.changes.push({ at, kind: 'pairReportAvailable', text, link: '/pairs', pairId: couple.uuid });
    }
  }
}

/**
 * The read of the interval: the coach's assessments (the `own` copy, read again), teams and pairs, detached from the
 * browser (the read serves every session of the coach: a tab closing does not waste it); each record's state compared
 * with the kept one, the changes recorded, then the new states kept. The first read of a coach keeps its states and
 * tells nothing. A change found moves the version, the fresh copy kept as current.
 */
async function readLists(ctx: SessionContext, snapshots: SnapshotCache, feed: UpdatesFeed): Promise<void> {
  const detached: SessionContext = { ...ctx, legacy: ctx.legacy.detached(), signal: new AbortController().signal };
  const { coachId } = ctx.session;
  const path = { coachId };
  const [snapshot, teams, couples] = await Promise.all([
    assessmentSnapshot(detached, snapshots, 'own', true),
    detached.legacy.GET('/api/v2/coaches/{coachId}/teams', { params: { path } }),
    detached.legacy.GET('/api/v2/coaches/{coachId}/couples', { params: { path } }),
  ]);
  if (!Array.isArray(teams.data) || !Array.isArray(couples.data)) throw upstreamError();
  const at = new Date(feed.now()).toISOString();
  const comparison = new Comparison(await feed.store.baseline(coachId));
  compareAssessments(snapshot, comparison, at);
  compareTeams(teams.data, comparison, at);
  comparePairs(couples.data, comparison, at);
  // Not every change is told (a client who started, a record edited in the legacy portal), but every change is
  // shown: when anything read differs from the last read, the version moves and the screens read their lists again.
  const fingerprint = fingerprintOf(snapshot, teams.data, couples.data);
  const kept = comparison.kept(FINGERPRINT);
  comparison.baseline[FINGERPRINT] = fingerprint;
  const { changes, baseline } = comparison;
  // Recorded before the baseline moves: a failure here leaves the old baseline, and the next read finds them again.
  await feed.record(coachId, changes);
  await feed.store.keepBaseline(coachId, baseline);
  if (changes.length > 0 || (kept !== undefined && kept !== fingerprint)) await snapshots.changedUpstream(coachId, [OWN_ASSESSMENTS]);
}

/** A digest of the legacy records read (SHA-1 as a checksum, not for security): equal when nothing changed. */
function fingerprintOf(snapshot: AssessmentSnapshot, teams: readonly LegacyTeam[], couples: readonly LegacyCouple[]): string {
  const hash = createHash('sha1');
  for (const { legacy } of snapshot.table.entries) hash.update(JSON.stringify(legacy));
  for (const record of [...teams, ...couples]) hash.update(JSON.stringify(record));
  return hash.digest('base64url');
}

/** getUpdates' answer to an `after` later than now (contract: getUpdates 400). */
export const FUTURE_CURSOR =
  'The updates cursor is later than now, so it was not given by this portal. Ask again without it to start from the newest change.';

/**
 * getUpdates. An `after` from the future (no store gave it) is refused before anything is read. A legacy 403 → 401 session_ended, 5xx → 502 and timeouts → 504 come from the legacy client (a failed read
 * keeps the interval: the next read comes after it). An assistant and a coach limited to mini-assessments see none
 * of the assessments, teams and pairs (spec coach-shell §2.1): no read, no changes, only the version and the cursor.
 */
export async function getUpdates(
  input: OperationInput<'getUpdates'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
  feed: UpdatesFeed,
): Promise<Updates> {
  const { coachId, flags } = ctx.session;
  const after = input.query?.after;
  if (await isFutureCursor(feed.store, coachId, after, feed.now())) {
    throw problem(400, 'validation_failed', FUTURE_CURSOR, 'Failed', { errors: [{ field: 'after', message: 'is later than now' }] });
  }
  const seesLists = !flags.assisted && flags.onlyMiniAssessment !== true;
  if (seesLists) await feed.refresh(coachId, () => readLists(ctx, snapshots, feed));
  const version = await snapshots.version(coachId);
  if (version === null) throw dependencyUnavailable();
  const { cursor, changes } = await feed.store.since(coachId, after);
  return { version, cursor, intervalSeconds: feed.intervalSeconds, changes: seesLists ? changes : [] };
}
