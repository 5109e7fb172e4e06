// The assessments table and what reads it (spec assessments-and-clients §2.2, §2.3 "View Details", §3.1, §4.1,
// §4.2, §4.5, §4.7, §5 "Field limits"): one page (listAssessments), the select-all ids (listAssessmentIds), the
// project picker (listAssessmentProjects) and View Details (listAssessmentDetails), all from the coach's copy
// of the legacy lists (assessment-snapshot.ts). A `stage` narrows them to a number of the dashboard's pipeline panel
// (domain/pipeline-slices.ts).
import type { components as Bff } from '../../../generated/bff.ts';
import { toAssessmentDetails } from '../../domain/assessment-rows.ts';
import { sliceOf } from '../../domain/pipeline-slices.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { countOffering, prepareQuery, queryAssessments } from '../../snapshots/assessment-query.ts';
import { assessmentSnapshot } from '../../snapshots/assessment-snapshot.ts';
import { listPage } from '../../snapshots/list-page.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { fold } from '../../snapshots/table.ts';

type AssessmentList = Bff['schemas']['AssessmentList'];
type AssessmentDetails = Bff['schemas']['AssessmentDetails'];

/**
 * listAssessments: filter and search combine; `total` counts the whole view (with `report`, the rows that offer it),
 * `filteredTotal` what they keep.
 */
export async function listAssessments(
  { query }: OperationInput<'listAssessments'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<AssessmentList> {
  const { view = 'own', refresh = false } = query;
  const slice = sliceOf(query);
  const snapshot = await assessmentSnapshot(ctx, snapshots, view, refresh);
  await prepareQuery(snapshot, query, slice);
  const page = listPage(snapshot.table, query, {
    sort: 'createdAt',
    // The filter and the search through the copy's own index (assessment-snapshot.ts).
    search: { matching: (q, sort, order) => queryAssessments(snapshot, { ...query, q, sort, order }, slice) },
    row: (entry) => entry.row,
  });
  return {
    ...page,
    // The report studio's table is the rows that offer its report: the filter and the search narrow those.
    ...(query.report ? { total: countOffering(snapshot, query.report) } : {}),
    hasReceived: snapshot.hasReceived,
    hasGiven: snapshot.hasGiven,
  };
}

/** listAssessmentIds: every id the table's view, filter and search keep, in the default order (the select-all checkbox). */
export async function listAssessmentIds(
  { query }: OperationInput<'listAssessmentIds'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<{ ids: string[]; filteredTotal: number }> {
  const slice = sliceOf(query);
  const snapshot = await assessmentSnapshot(ctx, snapshots, query.view ?? 'own');
  await prepareQuery(snapshot, query, slice);
  const rows = queryAssessments(snapshot, query, slice);
  return { ids: rows.map((entry) => entry.id), filteredTotal: rows.length };
}

/** listAssessmentProjects: the projects of the coach's own assessments, self-registered ones left out, sorted case-insensitively. */
export async function listAssessmentProjects(
  _input: OperationInput<'listAssessmentProjects'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<{ items: string[] }> {
  const snapshot = await assessmentSnapshot(ctx, snapshots, 'own');
  const projects = new Map<string, string>();
  for (const { legacy } of snapshot.table.entries) {
    const project = legacy.userCoach?.trim();
    if (!project || legacy.fromAnotherCoach === 1 || legacy.tokenType === 'selfRegister') continue;
    if (!projects.has(project)) projects.set(project, fold(project));
  }
  const items = [...projects].sort(([a, x], [b, y]) => (x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0)).map(([project]) => project);
  return { items };
}

/** listAssessmentDetails: in the order of `ids`; ids that are neither the coach's own nor received are left out. */
export async function listAssessmentDetails(
  { body }: OperationInput<'listAssessmentDetails'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<{ items: AssessmentDetails[] }> {
  const snapshot = await assessmentSnapshot(ctx, snapshots, 'own');
  const impersonator = ctx.session.flags.impersonator;
  const items = body.ids.flatMap((id) => {
    const entry = snapshot.byId.get(id);
    return entry ? [toAssessmentDetails(entry.legacy, entry.row, impersonator)] : [];
  });
  return { items };
}
