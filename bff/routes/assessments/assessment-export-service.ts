// Export of the assessments table and the SCO Given view (the shared table's More menu, spec assessments-and-clients
// §2.2): the rows the view, filter and search keep in the table's order, the columns the coach sees with the table's
// labels and cells (the web's assessment-columns.tsx), from the coach's copy of the lists (assessment-snapshot.ts).
import type { components as Bff } from '../../../generated/bff.ts';
import { enneaText, maturityText } from '../../domain/maturity.ts';
import { sliceOf } from '../../domain/pipeline-slices.ts';
import { type ExportColumn, exportSheet, languageName } from '../../downloads/export-sheet.ts';
import { exportAnswer, exportFileName } from '../../downloads/table-export.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { prepareQuery, queryAssessments } from '../../snapshots/assessment-query.ts';
import { ASSESSMENT_TYPE_NAMES, type AssessmentEntry, assessmentSnapshot } from '../../snapshots/assessment-snapshot.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';

type AssessmentRow = Bff['schemas']['AssessmentRow'];
type AssessmentColumn = Bff['schemas']['AssessmentColumn'];

const INVITE_STATES: Readonly<Record<AssessmentRow['inviteState'], string>> = {
  notInvited: 'Not invited',
  invited: 'Invited',
  reminded: 'Reminded',
};

/** Where the assessment stands (spec §4.2), as the Info column says it under the client's name. */
function tracking(row: AssessmentRow): string {
  const state = row.completedAt
    ? row.reportSent
      ? 'Complete, report sent'
      : 'Complete'
    : row.registeredAt
      ? 'Started'
      : INVITE_STATES[row.inviteState];
  return row.wrapped ? `${state} · Wrapped` : state;
}

const coachName = (coach: { name: string; surname: string }) => `${coach.name} ${coach.surname}`;

/** Type, trifix and instinct (the Ennea Results column). */
const ennea = ({ ennea: result }: AssessmentRow): string => (result ? enneaText(result) : '');

/** The stage, or 'In marking' for a completed assessment waiting for it (the Maturity Results column). */
function maturity(row: AssessmentRow): string {
  if (row.maturity) return maturityText(row.maturity);
  return row.completedAt && row.markingState === 'notMarked' && row.assessmentType !== 'ennea' ? 'In marking' : '';
}

/** The table's columns (the web's assessment-columns.tsx), by the contract's AssessmentColumn. */
export const ASSESSMENT_EXPORT_COLUMNS: Readonly<Record<AssessmentColumn, ExportColumn<AssessmentEntry>>> = {
  info: {
    label: 'Info',
    cell: ({ row }) => [`${row.clientName} ${row.clientSurname}`, tracking(row), row.clientEmail].join(' · '),
  },
  company: { label: 'Company', cell: ({ row }) => row.company ?? '' },
  project: { label: 'Project', cell: ({ row }) => row.project ?? '' },
  ennea: { label: 'Ennea Results', cell: ({ row }) => ennea(row) },
  score: { label: 'Maturity Results', cell: ({ row }) => maturity(row) },
  assessmentType: { label: 'Assessment', cell: ({ row }) => ASSESSMENT_TYPE_NAMES[row.assessmentType] },
  language: { label: 'Lang', cell: ({ row }) => languageName(row.language) },
  createdAt: { label: 'Created', cell: ({ row }) => ({ date: row.createdAt }) },
  registeredAt: { label: 'Registered', cell: ({ row }) => ({ date: row.registeredAt }) },
  completedAt: { label: 'Completed', cell: ({ row }) => ({ date: row.completedAt }) },
  fromCoach: { label: 'From Coach', cell: ({ row }) => (row.fromCoach ? coachName(row.fromCoach) : '') },
  toCoach: { label: 'To Coach', cell: ({ row }) => row.toCoaches.map(coachName).join(', ') },
};

const DESKTOP: readonly AssessmentColumn[] = [
  'info',
  'company',
  'project',
  'ennea',
  'score',
  'assessmentType',
  'language',
  'createdAt',
  'registeredAt',
  'completedAt',
];

/** The table's desktop columns (the web's assessmentColumns): From Coach for a coach who has received any, To Coach for the given view. */
function desktopColumns(view: 'own' | 'given', hasReceived: boolean): readonly AssessmentColumn[] {
  if (view === 'given') return [...DESKTOP, 'toCoach'];
  return hasReceived ? [...DESKTOP, 'fromCoach'] : DESKTOP;
}

/** exportAssessments: the file of what listAssessments would page through for the same query. */
export async function exportAssessments(
  { query }: OperationInput<'exportAssessments'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
  now = Date.now(),
) {
  const { view = 'own', format = 'csv' } = query;
  const snapshot = await assessmentSnapshot(ctx, snapshots, view);
  const columns = query.columns ?? desktopColumns(view, snapshot.hasReceived);
  await prepareQuery(snapshot, query, sliceOf(query));
  const sheet = exportSheet(queryAssessments(snapshot, query, sliceOf(query)), ASSESSMENT_EXPORT_COLUMNS, columns);
  return exportAnswer(sheet, format, exportFileName(view === 'given' ? 'sco-given' : 'assessments', format, now));
}
