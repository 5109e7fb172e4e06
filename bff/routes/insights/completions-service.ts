// Completions per week (spec coach-shell §2.3, the dashboard's chart): the assessments the tiles count, by the week
// they were completed and their type, from the coach's copy of the assessments list (snapshots/), so a coach with a
// copy held costs no legacy call; a coach limited to minis gets their mini-assessments, the only figures they see.
import type { components as Bff } from '../../../generated/bff.ts';
import { readMiniAssessments } from '../../domain/mini-records.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { type AssessmentSnapshot, assessmentSnapshot } from '../../snapshots/assessment-snapshot.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { DAY_MS, dayOf, mondayOf } from './insight-dates.ts';

type CompletionsInsight = Bff['schemas']['CompletionsInsight'];
type CompletionKind = Bff['schemas']['CompletionKind'];
type Weeks = CompletionsInsight['weeks'];

/** One completion: its kind and its legacy completion time. */
export interface Completion {
  kind: CompletionKind;
  completedAt: string;
}

const ASSESSMENT_KINDS: CompletionKind[] = ['ennea', 'EIT', 'full'];
/** The answers counted from a copy, by span and day (dropped with the copy). */
const COUNTED = new WeakMap<AssessmentSnapshot, Map<string, CompletionsInsight>>();

/**
 * The last `weeks` weeks up to the one holding `now`, oldest first, each counting the completions made in it by kind.
 * One pass over the records; a time before the first Monday or after the current Sunday is left out.
 */
export function completionsPerWeek(records: Iterable<Completion>, weeks: Weeks, types: CompletionKind[], now: number): CompletionsInsight {
  const firstMonday = mondayOf(now) - (weeks - 1) * 7 * DAY_MS;
  const series = Array.from({ length: weeks }, (_, index) => {
    const start = firstMonday + index * 7 * DAY_MS;
    return { start: dayOf(start), end: dayOf(start + 6 * DAY_MS), total: 0, counts: { ennea: 0, EIT: 0, full: 0, mini: 0 } };
  });
  const from = series[0]?.start ?? '';
  const until = `${series.at(-1)?.end ?? ''}~`; // '~' sorts after any time of the last day
  for (const { kind, completedAt } of records) {
    if (completedAt < from || completedAt > until) continue;
    const day = Date.UTC(Number(completedAt.slice(0, 4)), Number(completedAt.slice(5, 7)) - 1, Number(completedAt.slice(8, 10)));
    const week = series[Math.floor((day - firstMonday) / (7 * DAY_MS))];
    if (!week) continue;
    week.counts[kind] += 1;
    week.total += 1;
  }
  return { weeks, types, series };
}

function* assessmentCompletions(
  entries: Iterable<{ legacy: { assessmentType: 'ennea' | 'EIT' | 'full'; guestCompletedAt: string | null } }>,
) {
  for (const { legacy } of entries) {
    if (legacy.guestCompletedAt !== null) yield { kind: legacy.assessmentType, completedAt: legacy.guestCompletedAt };
  }
}

async function miniCompletions(ctx: SessionContext): Promise<Completion[]> {
  const completions: Completion[] = [];
  for (const { section2CompletedAt } of await readMiniAssessments(ctx)) {
    if (section2CompletedAt !== null) completions.push({ kind: 'mini', completedAt: section2CompletedAt });
  }
  return completions;
}

/** getCompletionsInsight: the dashboard's weeks of completions (mini-assessments for a coach limited to them). */
export async function getCompletionsInsight(
  { query = {} }: OperationInput<'getCompletionsInsight'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<CompletionsInsight> {
  const weeks = query.weeks ?? 12;
  if (ctx.session.flags.onlyMiniAssessment) return completionsPerWeek(await miniCompletions(ctx), weeks, ['mini'], Date.now());
  // The records the dashboard's tiles count: own merged with received, each once (the copy the table reads).
  const snapshot = await assessmentSnapshot(ctx, snapshots, 'own');
  const now = Date.now();
  // Counted once per copy, span and day: a copy is replaced, never changed, when the records change.
  const key = `${weeks}:${dayOf(now)}`;
  let counted = COUNTED.get(snapshot);
  if (!counted) {
    counted = new Map();
    COUNTED.set(snapshot, counted);
  }
  let answer = counted.get(key);
  if (!answer) {
    answer = completionsPerWeek(assessmentCompletions(snapshot.table.entries), weeks, ASSESSMENT_KINDS, now);
    counted.set(key, answer);
  }
  return answer;
}
