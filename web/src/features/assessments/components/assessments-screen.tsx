import type { FilterOption } from '../../../components/data-table/data-table.tsx';
import { DataTable } from '../../../components/data-table/lazy-data-table.tsx';
import { useListScreen } from '../../../components/data-table/use-list-screen.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { PIPELINE_FILTER_LABELS, type PipelineFilter } from '../../../lib/labels/pipeline.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import type { Session } from '../../../lib/session/session.ts';
import { ASSESSMENT_ACTIONS } from '../actions/registry.ts';
import { exportAssessments } from '../api/export-assessments.ts';
import { listAssessmentIdsQueryOptions } from '../api/list-assessment-ids.ts';
import { type AssessmentView, useAssessments } from '../api/list-assessments.ts';
import { ASSESSMENT_FILTERS, ASSESSMENTS_TABLE } from '../utils/assessments-table.ts';
import { assessmentColumns } from './assessment-columns.tsx';
import './assessments.css';
import { RefreshListsButton } from './refresh-lists-button.tsx';

const TITLES: Record<AssessmentView, string> = { own: 'Assessments', given: 'SCO Given' };

/**
 * The assessments table (spec assessments-and-clients §2.2, §2.3): the coach's own assessments merged with the received
 * ones (`own`), or those given to other coaches (`given`). The toolbar is the registry of `actions/registry.ts`.
 */
export function AssessmentsScreen({ view, session }: { view: AssessmentView; session: Session }) {
  usePageTitle(TITLES[view]);
  const screen = useListScreen({
    table: ASSESSMENTS_TABLE,
    useList: useAssessments,
    params: { view },
    loadAllIds: async ({ q, filter }, queryClient) =>
      (await queryClient.fetchQuery(listAssessmentIdsQueryOptions({ view, filter, q }))).ids,
    actions: ASSESSMENT_ACTIONS,
    extras: { view, session },
    // spec coach-shell §2.3: the dashboard's 'Add New Client' opens Add Assessment for New Client here; an empty
    // table offers the same step under the same name.
    addAction: view === 'own' ? 'addForNewClient' : undefined,
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
      <header className="assessments__header">
        <h1 id="assessments-title">{TITLES[view]}</h1>
        <div className="assessments__header-links">
          <RefreshListsButton view={view} onError={(detail) => screen.say({ title: 'Failed', body: <p>{detail}</p> })} />
          {view === 'own' ? <Link href="/clients">View clients</Link> : null}
        </div>
      </header>
      {screen.selectionNote}
      <DataTable
        {...screen.table}
        label={TITLES[view]}
        columns={assessmentColumns({
          isNarrow: screen.isNarrow,
          showFromCoach: view === 'own' && hasReceived,
          showToCoach: view === 'given',
        })}
        filterOptions={filterOptions}
        emptyText={view === 'given' ? 'You have not given any assessments to other coaches.' : 'No assessments found.'}
        noun="assessments"
        // The desktop's twelve columns do not all fit beside the drawer: the coach keeps those they use.
        columnChoice={view === 'given' ? 'sco-given' : 'assessments'}
      />
      {screen.dialogs}
    </section>
  );
}
