// The assessments table's queries over the coach's copy (assessment-snapshot.ts): which rows a filter, a search, a
// report and a pipeline slice keep, in the order asked, and what a query reads prepared beforehand a chunk at a time.
import type { components as Bff } from '../../generated/bff.ts';
import type { AssessmentRow } from '../domain/assessment-rows.ts';
import type { PipelineFilter } from '../domain/pipeline.ts';
import { type PipelineSlice, sliceKey, sliceTest } from '../domain/pipeline-slices.ts';
import type { AssessmentEntry, AssessmentSnapshot, AssessmentSort } from './assessment-snapshot.ts';
import { fold } from './table.ts';

type ReportCode = Bff['schemas']['ReportCode'];

/** Does the row offer the report now (spec assessments-and-clients §4.5: its PDF, the list of every report on offer)? */
export const offersReport = (row: AssessmentRow, report: ReportCode): boolean => row.availableReports.pdf.includes(report);

/**
 * The rows a filter, a search, a report (the report studio's: the rows that offer it) and a pipeline slice (the
 * dashboard's pipeline panel) keep, in the order asked (contract: listAssessments, listAssessmentIds).
 */
export function queryAssessments(
  snapshot: AssessmentSnapshot,
  {
    filter = 'showAll',
    q = '',
    sort = 'createdAt',
    order = 'desc',
    report,
  }: { filter?: PipelineFilter; q?: string; sort?: AssessmentSort; order?: 'asc' | 'desc'; report?: ReportCode | undefined },
  slice?: PipelineSlice,
): readonly AssessmentEntry[] {
  const text = fold(q.trim());
  if (filter === 'showAll' && text === '' && !report && !slice) return snapshot.table.sorted(sort, order);
  const key = `${filter}\u0000${text}\u0000${report ?? ''}\u0000${slice ? sliceKey(slice) : ''}`;
  return snapshot.table.query(sort, order, key, () => {
    const kept = snapshot.keep(filter, text);
    const tests: ((entry: AssessmentEntry) => boolean)[] = [];
    if (kept) tests.push((entry) => kept[entry.index] === 1);
    if (report) tests.push((entry) => offersReport(entry.row, report));
    if (slice) {
      const inSlice = sliceTest(slice);
      tests.push((entry) => inSlice(entry.legacy));
    }
    if (tests.length === 0) return null;
    return (entry) => tests.every((test) => test(entry));
  });
}

/**
 * What a query reads shaped and keyed beforehand, a chunk at a time (Table.keyed, AssessmentSnapshot.shaped): the
 * rows, search texts and sort keys of every record, unless the query is the default order, which needs none. The
 * query itself (queryAssessments) then only sorts and filters.
 */
export async function prepareQuery(
  snapshot: AssessmentSnapshot,
  { filter = 'showAll', q = '', sort = 'createdAt', order = 'desc', report }: Parameters<typeof queryAssessments>[1],
  slice?: PipelineSlice,
): Promise<void> {
  if (filter === 'showAll' && q.trim() === '' && !report && !slice && sort === 'createdAt' && order === 'desc') return;
  await snapshot.shaped();
  await snapshot.table.keyed(sort);
}

/** How many rows of the view offer the report (the report studio's "of m records"). */
export function countOffering(snapshot: AssessmentSnapshot, report: ReportCode): number {
  return queryAssessments(snapshot, { report }).length;
}
