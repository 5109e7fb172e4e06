import type { ReactNode } from 'react';
import type { FilterOption } from '../../../components/data-table/data-table.tsx';
import { DataTable } from '../../../components/data-table/lazy-data-table.tsx';
import type { ActionMessage } from '../../../components/data-table/table-actions.ts';
import { useListScreen } from '../../../components/data-table/use-list-screen.tsx';
import { Link } from '../../../components/ui/link.tsx';
import type { ReportCode } from '../../../lib/labels/assessments.ts';
import { PIPELINE_FILTER_LABELS, type PipelineFilter } from '../../../lib/labels/pipeline.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import type { Session } from '../../../lib/session/session.ts';
import { ASSESSMENT_ACTIONS } from '../actions/registry.ts';
import { exportAssessments } from '../api/export-assessments.ts';
import { type ListAssessmentIdsQuery, listAssessmentIdsQueryOptions } from '../api/list-assessment-ids.ts';
import { type AssessmentView, useAssessments } from '../api/list-assessments.ts';
import { ASSESSMENT_FILTERS, ASSESSMENTS_TABLE } from '../utils/assessments-table.ts';
import { assessmentColumns } from './assessment-columns.tsx';
import './assessments.css';
import { PipelineSliceNote } from './pipeline-slice-note.tsx';
import { RefreshListsButton } from './refresh-lists-button.tsx';

/** The URL's slice parameters, as the ids operation reads them from the query string. */
type SliceQuery = Pick<ListAssessmentIdsQuery, 'stage' | 'days' | 'project' | 'company' | 'olderThan'>;

const TITLES: Record<AssessmentView, string> = { own: 'Assessments', given: 'SCO Given' };

/**
 * The assessments table (spec assessments-and-clients §2.2, §2.3): the coach's own assessments merged with the received
 * ones (`own`), or those given to other coaches (`given`). The toolbar is the registry of `actions/registry.ts`.
 */
export function AssessmentsScreen({ view, session }: { view: AssessmentView; session: Session }) {
  usePageTitle(TITLES[view]);
  return (
    <AssessmentsTable
      view={view}
      session={session}
      label={TITLES[view]}
      emptyText={view === 'given' ? 'You have not given any assessments to other coaches.' : 'No assessments found.'}
      header={(say) => (
        <header className="assessments__header">
          <h1 id="assessments-title">{TITLES[view]}</h1>
          <div className="assessments__header-links">
            <RefreshListsButton view={view} onError={(detail) => say({ title: 'Failed', body: <p>{detail}</p> })} />
            {view === 'own' ? <Link href="/clients">View clients</Link> : null}
          </div>
        </header>
      )}
    />
  );
}

export interface AssessmentsTableProps {
  view: AssessmentView;
  session: Session;
  /** The report studio's table: only the assessments that offer this report (listAssessments `report`). */
  report?: ReportCode;
  /** The table's name; the page's heading, `#assessments-title`, is the header's. */
  label: string;
  emptyText: string;
  /** The page's header (its heading `id="assessments-title"`), given the screen's alert for a failure it meets. */
  header: (say: (message: ActionMessage) => void) => ReactNode;
}

/**
 * The assessments table with its filters, selection and toolbar, under a page's header: the Assessments and SCO Given
 * screens', and the report studio's (the rows that offer one report).
 */
export function AssessmentsTable({ view, session, report, label, emptyText, header }: AssessmentsTableProps) {
  const screen = useListScreen({
    table: ASSESSMENTS_TABLE,
    useList: useAssessments,
    params: report ? { view, report } : { view },
    loadAllIds: async ({ q, filter, scope }, queryClient) =>
      (
        await queryClient.fetchQuery(
          listAssessmentIdsQueryOptions({ view, filter, q, ...(scope as SliceQuery), ...(report ? { report } : {}) }),
        )
      ).ids,
    actions: ASSESSMENT_ACTIONS,
    extras: { view, session },
    // spec coach-shell §2.3: the dashboard's 'Add New Client' opens Add Assessment for New Client here; an empty
    // table offers the same step under the same name (not the report studio's: a new assessment offers no report yet).
    addAction: view === 'own' && !report ? 'addForNewClient' : undefined,
    addLabel: 'Add New Client',
    noun: 'assessments',
    exportList: exportAssessments,
    exportName: view === 'given' ? 'sco-given' : 'assessments',
  });
  const hasReceived = screen.data?.hasReceived ?? false;

  // spec §2.2, §4.1: the nine filters in the spec's order, the Received SCOs filter only when the coach has received any.
  const filterOptions: FilterOption<PipelineFilter>[] = ASSESSMENT_FILTERS.filter(
    (id) => id !== 'receivedScos' || (view === 'own' && hasReceived),
  ).map((id) => ({ id, label: PIPELINE_FILTER_LABELS[id] }));

  return (
    <section className="assessments stack" aria-labelledby="assessments-title">
      {header(screen.say)}
      <PipelineSliceNote scope={screen.table.state.scope} onClear={() => screen.table.onChange({ scope: {} })} />
      {screen.selectionNote}
      <DataTable
        {...screen.table}
        label={label}
        columns={assessmentColumns({
          isNarrow: screen.isNarrow,
          showFromCoach: view === 'own' && hasReceived,
          showToCoach: view === 'given',
        })}
        filterOptions={filterOptions}
        emptyText={emptyText}
        noun="assessments"
        // The desktop's twelve columns do not all fit beside the drawer: the coach keeps those they use.
        columnChoice={view === 'given' ? 'sco-given' : 'assessments'}
      />
      {screen.dialogs}
    </section>
  );
}
