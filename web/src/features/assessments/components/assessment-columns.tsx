import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { tableDate } from '../../../components/data-table/table-state.ts';
import { TruncatedText } from '../../../components/data-table/truncated-text.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { ASSESSMENT_TYPE_LABELS } from '../../../lib/labels/assessments.ts';
import { LANGUAGE_NAMES } from '../../../lib/labels/languages.ts';
import type { AssessmentRow } from '../api/list-assessments.ts';
import { enneaResult, maturityResult } from '../utils/assessment-results.ts';

const INVITE_STATES: Record<AssessmentRow['inviteState'], string> = {
  notInvited: 'Not invited',
  invited: 'Invited',
  reminded: 'Reminded',
};

/** Where the assessment stands (spec §4.2), in a few words under the client's name. */
export function trackingSummary(row: AssessmentRow): string {
  if (row.completedAt) return row.reportSent ? 'Complete, report sent' : 'Complete';
  if (row.registeredAt) return 'Started';
  return INVITE_STATES[row.inviteState];
}

const coachName = (coach: { name: string; surname: string }) => `${coach.name} ${coach.surname}`;

function Info({ row }: { row: AssessmentRow }) {
  const name = `${row.clientName} ${row.clientSurname}`;
  return (
    // Two lines: the name and where the assessment stands, then the e-mail; each cut where the column ends, whole on hover.
    <div className="assessment-info">
      <span className="assessment-info__first">
        {/* Received assessments' clients are not the coach's own (spec §4.7): no client page. */}
        {row.receivedFromAnotherCoach ? (
          <TruncatedText className="assessment-info__name" text={name} />
        ) : (
          <Link className="assessment-info__name" href={`/clighent/${row.clientId}`}>
            <TruncatedText text={name} />
          </Link>
        )}
        <span className="assessment-info__state" title={trackingSummary(row)}>
          {trackingSummary(row)}
          {row.wrapped ? <span className="assessment-info__tag">Wrapped</span> : null}
        </span>
      </span>
      <EmailAddress className="assessment-info__email" address={row.clientEmail} />
    </div>
  );
}

export interface ColumnOptions {
  isNarrow: boolean;
  /** The coach has received assessments: the From Coach column (spec §2.2). */
  showFromCoach: boolean;
  /** The given view: the To Coach column. */
  showToCoach: boolean;
}

/** The columns of spec §2.2: the desktop set (plus From Coach or To Coach), or the phone's four. */
export function assessmentColumns({ isNarrow, showFromCoach, showToCoach }: ColumnOptions): DataColumn<AssessmentRow>[] {
  const info: DataColumn<AssessmentRow> = {
    id: 'info',
    label: 'Info',
    sortable: true,
    isRowHeader: true,
    render: (row) => <Info row={row} />,
  };
  const completed: DataColumn<AssessmentRow> = {
    id: 'completedAt',
    label: 'Completed',
    sortable: true,
    numeric: true,
    render: (row) => tableDate(row.completedAt),
  };
  if (isNarrow) {
    return [
      info,
      { id: 'ennea', label: 'Ennea', sortable: true, render: enneaResult, truncate: enneaResult },
      { id: 'score', label: 'Maturity', sortable: true, render: maturityResult, truncate: maturityResult },
      completed,
    ];
  }
  return [
    info,
    { id: 'company', label: 'Company', sortable: true, render: (row) => row.company, truncate: (row) => row.company ?? '' },
    { id: 'project', label: 'Project', sortable: true, render: (row) => row.project, truncate: (row) => row.project ?? '' },
    { id: 'ennea', label: 'Ennea Results', sortable: true, render: enneaResult, truncate: enneaResult },
    { id: 'score', label: 'Maturity Results', sortable: true, render: maturityResult, truncate: maturityResult },
    {
      id: 'assessmentType',
      label: 'Assessment',
      sortable: true,
      nowrap: true,
      render: (row) => ASSESSMENT_TYPE_LABELS[row.assessmentType],
    },
    {
      id: 'language',
      label: 'Lang',
      sortable: true,
      nowrap: true,
      render: (row) => LANGUAGE_NAMES[row.language],
    },
    { id: 'createdAt', label: 'Created', sortable: true, numeric: true, render: (row) => tableDate(row.createdAt) },
    { id: 'registeredAt', label: 'Registered', sortable: true, numeric: true, render: (row) => tableDate(row.registeredAt) },
    completed,
    ...(showFromCoach
      ? [
          {
            id: 'fromCoach',
            label: 'From Coach',
            sortable: true,
            render: (row: AssessmentRow) => (row.fromCoach ? coachName(row.fromCoach) : ''),
            truncate: (row: AssessmentRow) => (row.fromCoach ? coachName(row.fromCoach) : ''),
          },
        ]
      : []),
    ...(showToCoach
      ? [
          {
            id: 'toCoach',
            label: 'To Coach',
            sortable: true,
            render: (row: AssessmentRow) => row.toCoaches.map(coachName).join(', '),
            truncate: (row: AssessmentRow) => row.toCoaches.map(coachName).join(', '),
          },
        ]
      : []),
  ];
}
