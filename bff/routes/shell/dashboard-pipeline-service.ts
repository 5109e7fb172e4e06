// The dashboard's pipeline panel (the insights capability "Pipeline on the dashboard"): the funnel and the "needs a
// nudge" counts of a period and scope, from the coach's copy of the assessment lists (the one the assessments table
// reads), so the panel makes no legacy call of its own; domain/pipeline-slices.ts holds the rules the table's
// `stage` filter shares, so each number is the rows its link shows. A coach limited to mini-assessments gets theirs
// (domain/mini-pipeline.ts), from a copy of the mini-assessments list.
import type { components as Bff } from '../../../generated/bff.ts';
import { miniPipelineFigures } from '../../domain/mini-pipeline.ts';
import { type LegacyMiniAssessment, readMiniAssessments } from '../../domain/mini-records.ts';
import { isReceived } from '../../domain/pipeline.ts';
import {
  DEFAULT_THRESHOLDS,
  type PipelineIndex,
  type PipelineScope,
  pipelineFigures,
  pipelineIndex,
  scopeOf,
  utcToday,
} from '../../domain/pipeline-slices.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { type AssessmentSnapshot, assessmentSnapshot } from '../../snapshots/assessment-snapshot.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { fold } from '../../snapshots/table.ts';

type PipelineInsights = Bff['schemas']['PipelineInsights'];

/** The copy of a mini-only coach's mini-assessments. */
const MINI_LIST = 'mini-assessments';

/** The scope picker's choices: at most this many projects and companies. */
const MAX_CHOICES = 500;

interface Choices {
  index: PipelineIndex;
  projects: string[];
  companies: string[];
}

// Per copy: the panel's index of it and the picker's choices, made once (a copy is replaced, never changed, after a change).
const choicesOf = new WeakMap<AssessmentSnapshot, Choices>();

function sortedNames(names: Map<string, string>): string[] {
  return [...names]
    .sort(([a, x], [b, y]) => (x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_CHOICES)
    .map(([name]) => name);
}

function choices(snapshot: AssessmentSnapshot): Choices {
  let known = choicesOf.get(snapshot);
  if (known) return known;
  const projects = new Map<string, string>();
  const companies = new Map<string, string>();
  for (const { legacy } of snapshot.table.entries) {
    if (isReceived(legacy)) continue;
    const project = legacy.userCoach?.trim();
    const company = legacy.clientCompany?.trim();
    // One choice per name whatever its case: the scope matches case-insensitively.
    if (project && project.length <= 100 && !projects.has(project)) projects.set(project, fold(project));
    if (company && company.length <= 100 && !companies.has(company)) companies.set(company, fold(company));
  }
  known = {
    index: pipelineIndex(snapshot.table.entries.map((entry) => entry.legacy)),
    projects: sortedNames(dedupe(projects)),
    companies: sortedNames(dedupe(companies)),
  };
  choicesOf.set(snapshot, known);
  return known;
}

/** Names that fold to the same text are one choice (the first seen). */
function dedupe(names: Map<string, string>): Map<string, string> {
  const seen = new Set<string>();
  const kept = new Map<string, string>();
  for (const [name, folded] of names) {
    if (seen.has(folded)) continue;
    seen.add(folded);
    kept.set(name, folded);
  }
  return kept;
}

/** getDashboardPipeline: the figures of the period and scope asked, with the coach's thresholds. */
export async function getDashboardPipeline(
  { query }: OperationInput<'getDashboardPipeline'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<PipelineInsights> {
  const scope = scopeOf(query, utcToday());
  const thresholds = {
    invited: query.invitedDays ?? DEFAULT_THRESHOLDS.invited,
    started: query.startedDays ?? DEFAULT_THRESHOLDS.started,
    completed: query.completedDays ?? DEFAULT_THRESHOLDS.completed,
  };
  if (ctx.session.flags.onlyMiniAssessment) {
    const records = await miniSnapshot(ctx, snapshots);
    return { offering: 'mini', ...scoped(scope), ...miniPipelineFigures(records, scope, thresholds), projects: [], companies: [] };
  }
  const { index, projects, companies } = choices(await assessmentSnapshot(ctx, snapshots, 'own'));
  return {
    offering: 'assessments',
    ...scoped(scope),
    ...pipelineFigures(index, scope, thresholds),
    projects,
    companies,
  };
}

/** The period and scope the figures were counted for, as asked. */
const scoped = (scope: PipelineScope) => ({
  days: scope.days,
  today: scope.today,
  ...(scope.project ? { project: scope.project } : {}),
  ...(scope.company ? { company: scope.company } : {}),
});

/**
 * A mini-only coach's mini-assessments, held as a copy like the lists (a guest's start or completion is seen when
 * the copy's TTL ends; no operation reports a change to it, so any change of the coach drops it).
 */
function miniSnapshot(ctx: SessionContext, snapshots: SnapshotCache): Promise<readonly LegacyMiniAssessment[]> {
  return snapshots.get({
    coachId: ctx.session.coachId,
    list: MINI_LIST,
    load: () => readMiniAssessments(ctx),
    rowsOf: (records) => records.length,
    signal: ctx.signal,
    patchable: false,
  });
}
