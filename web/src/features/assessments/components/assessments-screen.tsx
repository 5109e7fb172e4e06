import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { DataTable, type FilterOption } from '../../../components/data-table/data-table.tsx';
import type { TableStateConfig } from '../../../components/data-table/table-state.ts';
import { useTableSelection, useTableState } from '../../../components/data-table/use-table-state.ts';
import { Link } from '../../../components/ui/link.tsx';
import { PIPELINE_FILTER_LABELS, type PipelineFilter } from '../../../lib/labels/pipeline.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import type { Session } from '../../../lib/session/session.ts';
import { useNarrowLayout } from '../../../lib/use-narrow-layout.ts';
import type { ActionMessage } from '../actions/action-props.ts';
import { ACTION_COMPONENTS } from '../actions/registry.ts';
import { listAssessmentIdsQueryOptions } from '../api/list-assessment-ids.ts';
import { type AssessmentRow, type AssessmentSort, type AssessmentView, useAssessments } from '../api/list-assessments.ts';
import { type AssessmentActionId, assessmentActions } from '../utils/assessment-actions.ts';
import { assessmentColumns } from './assessment-columns.tsx';
import './assessments.css';
import { RefreshListsButton } from './refresh-lists-button.tsx';

// The alert loads when first shown (the coach routes' 170 KB budget); so does each action (actions/registry.ts).
const MessageDialog = lazy(async () => ({ default: (await import('../../../components/ui/message-dialog.tsx')).MessageDialog }));

const SORTS: readonly AssessmentSort[] = [
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
  'fromCoach',
  'toCoach',
];
const FILTERS = Object.keys(PIPELINE_FILTER_LABELS) as PipelineFilter[];
// spec §2.2: the default sort is by tokenCreatedAt (newest first).
const TABLE_CONFIG: TableStateConfig<AssessmentSort, PipelineFilter> = {
  sorts: SORTS,
  defaultSort: 'createdAt',
  filters: FILTERS,
  noFilter: 'showAll',
};

const TITLES: Record<AssessmentView, string> = { own: 'Assessments', given: 'SCO Given' };

type RunningAction = { id: AssessmentActionId; ids: string[]; rows: AssessmentRow[] };

/**
 * The assessments table (spec assessments-and-clients §2.2, §2.3): the coach's own assessments
 * merged with the received ones (`own`), or those given to other coaches (`given`).
 */
export function AssessmentsScreen({ view, session }: { view: AssessmentView; session: Session }) {
  usePageTitle(TITLES[view]);
  const [state, update] = useTableState(TABLE_CONFIG);
  const isNarrow = useNarrowLayout();
  const selection = useTableSelection();
  const queryClient = useQueryClient();
  const filter = state.filter ?? 'showAll';
  const { data, error, isPlaceholderData } = useAssessments({
    view,
    filter,
    q: state.q || undefined,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
  });

  const [message, setMessage] = useState<ActionMessage | null>(null);
  const [running, setRunning] = useState<RunningAction | null>(null);
  const hasReceived = data?.hasReceived ?? false;

  const loadAllIds = useCallback(
    async () => (await queryClient.fetchQuery(listAssessmentIdsQueryOptions({ view, filter, q: state.q || undefined }))).ids,
    [queryClient, view, filter, state.q],
  );

  // Each registered action starts with the selection as it is when its button is pressed.
  const start = (id: AssessmentActionId) => () =>
    setRunning({ id, ids: [...selection.selected], rows: (data?.items ?? []).filter((row) => selection.selected.has(row.id)) });
  const actions = assessmentActions(
    view,
    Object.fromEntries(Object.keys(ACTION_COMPONENTS).map((id) => [id, start(id as AssessmentActionId)])),
  );
  const Action = running ? ACTION_COMPONENTS[running.id] : undefined;

  // spec coach-shell §2.3: the dashboard's 'Add New Client' opens Add Assessment for New Client here (the re-route
  // flag `add=1`, once).
  const [params, setParams] = useSearchParams();
  const addFlag = view === 'own' && params.get('add') === '1';
  useEffect(() => {
    if (!addFlag) return;
    if (ACTION_COMPONENTS.addForNewClient) setRunning({ id: 'addForNewClient', ids: [], rows: [] });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('add');
        return next;
      },
      { replace: true },
    );
  }, [addFlag, setParams]);

  // spec §2.2, §4.1: the Received SCOs filter only when the coach has received any.
  const filterOptions: FilterOption<PipelineFilter>[] = FILTERS.filter(
    (id) => id !== 'showAll' && (id !== 'receivedScos' || (view === 'own' && hasReceived)),
  ).map((id) => ({ id, label: PIPELINE_FILTER_LABELS[id] }));

  const columns = assessmentColumns({ isNarrow, showFromCoach: view === 'own' && hasReceived, showToCoach: view === 'given' });

  return (
    <section className="assessments stack" aria-labelledby="assessments-title">
      <header className="assessments__header">
        <h1 id="assessments-title">{TITLES[view]}</h1>
        <div className="assessments__header-links">
          <RefreshListsButton view={view} onError={(detail) => setMessage({ title: 'Failed', body: <p>{detail}</p> })} />
          {view === 'own' ? <Link href="/clients">View clients</Link> : null}
        </div>
      </header>
      <DataTable
        label={TITLES[view]}
        columns={columns}
        rows={data?.items}
        isStale={isPlaceholderData}
        error={error}
        total={data?.total ?? 0}
        filteredTotal={data?.filteredTotal ?? 0}
        state={state}
        onChange={update}
        filterOptions={filterOptions}
        selection={selection}
        loadAllIds={loadAllIds}
        actions={actions}
        isNarrow={isNarrow}
        emptyText={view === 'given' ? 'You have not given any assessments to other coaches.' : 'No assessments found.'}
      />
      <Suspense fallback={null}>
        {running && Action ? (
          <Action
            view={view}
            session={session}
            ids={running.ids}
            rows={running.rows}
            clearSelection={selection.clear}
            finish={(ended) => {
              setRunning(null);
              if (ended) setMessage(ended);
            }}
          />
        ) : null}
        {message ? (
          <MessageDialog title={message.title} onClose={() => setMessage(null)}>
            {message.body}
          </MessageDialog>
        ) : null}
      </Suspense>
    </section>
  );
}
