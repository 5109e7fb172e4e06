import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { DataTable, type FilterOption } from '../../../components/data-table/data-table.tsx';
import type { TableStateConfig } from '../../../components/data-table/table-state.ts';
import { useTableSelection } from '../../../components/data-table/use-table-selection.ts';
import { useTableState } from '../../../components/data-table/use-table-state.ts';
import { Link } from '../../../components/ui/link.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { PIPELINE_FILTER_LABELS, type PipelineFilter } from '../../../lib/labels/pipeline.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { problemMessage } from '../../../lib/problem.ts';
import type { Session } from '../../../lib/session/session.ts';
import { useNarrowLayout } from '../../../lib/use-narrow-layout.ts';
import { useCopyAssessmentLink } from '../api/copy-assessment-link.ts';
import { useDownloadMailingDetails } from '../api/download-mailing-details.ts';
import { listAssessmentIdsQueryOptions } from '../api/list-assessment-ids.ts';
import { type AssessmentSort, type AssessmentView, useAssessments } from '../api/list-assessments.ts';
import { assessmentActions } from '../utils/assessment-actions.ts';
import { COPIED_TO_CLIPBOARD, DOWNLOADING, TOAST_MS } from '../utils/assessment-texts.ts';
import { assessmentColumns } from './assessment-columns.tsx';
import './assessments.css';
import { CopiedLinkMessage } from './copied-link-message.tsx';
import { RefreshListsButton } from './refresh-lists-button.tsx';

// The dialogs load when first opened (the coach routes' 170 KB budget).
const ViewDetailsDialog = lazy(() => import('./view-details-dialog.tsx'));
const HistoryDialog = lazy(() => import('./history-dialog.tsx'));
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

type Message = { title: 'Failed' | 'Please Note'; body: React.ReactNode } | null;

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

  const [detailsOpen, setDetailsOpen] = useState(false);
  const [history, setHistory] = useState<{ id: string; name: string } | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const copyLink = useCopyAssessmentLink();
  const downloadDetails = useDownloadMailingDetails();

  const selectedIds = useMemo(() => [...selection.selected], [selection.selected]);
  const hasReceived = data?.hasReceived ?? false;

  const loadAllIds = useCallback(
    async () => (await queryClient.fetchQuery(listAssessmentIdsQueryOptions({ view, filter, q: state.q || undefined }))).ids,
    [queryClient, view, filter, state.q],
  );

  const onCopyLink = () => {
    const [assessmentId] = selectedIds;
    if (!assessmentId) return;
    copyLink.mutate(
      { params: { path: { assessmentId } } },
      {
        onSuccess: async ({ link }) => {
          const copied = await copyToClipboard(link);
          if (copied) showToast(COPIED_TO_CLIPBOARD, 'success', TOAST_MS);
          setMessage({ title: 'Please Note', body: <CopiedLinkMessage link={link} copied={copied === true} /> });
        },
        onError: (failure) => setMessage({ title: 'Failed', body: <p>{problemMessage(failure)}</p> }),
      },
    );
  };

  const onDownloadDetails = () => {
    showToast(DOWNLOADING, 'info', TOAST_MS);
    downloadDetails.mutate(selectedIds, {
      onError: (failure) => setMessage({ title: 'Failed', body: <p>{problemMessage(failure)}</p> }),
    });
  };

  const onHistory = () => {
    const [id] = selectedIds;
    const row = data?.items.find((item) => item.id === id);
    if (id) setHistory({ id, name: row ? `${row.clientName} ${row.clientSurname}` : '' });
  };

  const actions = assessmentActions(view, {
    copyLink: onCopyLink,
    viewDetails: () => setDetailsOpen(true),
    downloadDetails: onDownloadDetails,
    history: onHistory,
  });

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
        {detailsOpen ? (
          <ViewDetailsDialog ids={selectedIds} isOpen onClose={() => setDetailsOpen(false)} showToken={session.roles.impersonator} />
        ) : null}
        {history ? <HistoryDialog assessment={history} onClose={() => setHistory(null)} /> : null}
        {message ? (
          <MessageDialog title={message.title} onClose={() => setMessage(null)}>
            {message.body}
          </MessageDialog>
        ) : null}
      </Suspense>
    </section>
  );
}
