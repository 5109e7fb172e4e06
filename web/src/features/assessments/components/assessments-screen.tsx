import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { components } from '../../../../../generated/bff.ts';
import { BatchResultMessage } from '../../../components/batch-result.tsx';
import { DataTable, type FilterOption } from '../../../components/data-table/data-table.tsx';
import type { TableStateConfig } from '../../../components/data-table/table-state.ts';
import { useTableSelection, useTableState } from '../../../components/data-table/use-table-state.ts';
import { Link } from '../../../components/ui/link.tsx';
import type { MessageTitle } from '../../../components/ui/message-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { PIPELINE_FILTER_LABELS, type PipelineFilter } from '../../../lib/labels/pipeline.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { problemMessage } from '../../../lib/problem.ts';
import type { Session } from '../../../lib/session/session.ts';
import { useNarrowLayout } from '../../../lib/use-narrow-layout.ts';
import { useDeleteAssessments, useRevokeAssessmentSco, useSetAssessmentsWrapped } from '../api/change-assessments.ts';
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
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../components/ui/confirm-dialog.tsx')).ConfirmDialog }));
const AssignScoDialog = lazy(() => import('./assign-sco-dialog.tsx'));
const EditAssessmentsDialog = lazy(() => import('./edit-assessments-dialog.tsx'));

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

type BatchResult = components['schemas']['BatchResult'];
type Message = { title: MessageTitle; body: React.ReactNode } | null;
type Confirmation = 'delete' | 'revokeSco' | null;

// spec assessments-and-clients §5, §8.
export const ACTION_TEXTS = {
  confirmDelete: 'Are you sure you wish to remove?',
  received: 'Your selection includes assessments that were given to you by another coach. Please amend your selection and try again.',
  removed: (result: BatchResult) => `${result.succeeded} of ${result.total} removed.`,
  wrapped: (result: BatchResult, wrapped: boolean) => `${result.succeeded} of ${result.total} ${wrapped ? 'wrapped up' : 'unwrapped'}.`,
  confirmRevoke: (count: number) =>
    `Take back the secondary coach ownership of ${count === 1 ? 'the selected assessment' : `the ${count} selected assessments`}?`,
  revoked: (result: BatchResult) => `${result.succeeded} of ${result.total} revoked.`,
  updated: (result: BatchResult) => `${result.succeeded} of ${result.total} updated.`,
} as const;

/** A batch's alert title: all done, some done (a delete's own title, spec coach-shell §8), or none. */
const batchTitle = (result: BatchResult, partial: MessageTitle): MessageTitle =>
  result.succeeded === result.total ? 'Success' : result.succeeded > 0 ? partial : 'Failed';

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
  const [confirming, setConfirming] = useState<Confirmation>(null);
  const [assigningSco, setAssigningSco] = useState(false);
  const [editing, setEditing] = useState(false);
  const copyLink = useCopyAssessmentLink();
  const deleteAssessments = useDeleteAssessments();
  const setWrapped = useSetAssessmentsWrapped();
  const revokeSco = useRevokeAssessmentSco();
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

  const selectedRows = (data?.items ?? []).filter((row) => selection.selected.has(row.id));
  const failedWith = (failure: unknown) => setMessage({ title: 'Failed', body: <p>{problemMessage(failure)}</p> });
  const showBatch = (result: BatchResult, summary: string, partial: MessageTitle = 'Please Note') => {
    selection.clear();
    setMessage({ title: batchTitle(result, partial), body: <BatchResultMessage summary={summary} result={result} /> });
  };
  // One key per confirmed action (web/README.md "batch action"): a repeat of it repeats nothing done.
  const batchHeader = () => ({ header: { 'Idempotency-Key': crypto.randomUUID() } });

  const onDelete = () => {
    // spec §5: a selection with received assessments is refused before the confirmation.
    if (selectedRows.some((row) => row.receivedFromAnotherCoach)) setMessage({ title: 'Failed', body: <p>{ACTION_TEXTS.received}</p> });
    else setConfirming('delete');
  };
  const confirmDelete = () => {
    setConfirming(null);
    deleteAssessments.mutate(
      { body: { ids: selectedIds }, params: batchHeader() },
      { onSuccess: (result) => showBatch(result, ACTION_TEXTS.removed(result), 'Not all records could be deleted'), onError: failedWith },
    );
  };
  const onWrap = () => {
    // Wrap when any loaded selected row is not wrapped yet; the BFF refuses a mixed selection.
    const wrapped = selectedRows.length === 0 || selectedRows.some((row) => !row.wrapped);
    setWrapped.mutate(
      { body: { ids: selectedIds, wrapped }, params: batchHeader() },
      { onSuccess: (result) => showBatch(result, ACTION_TEXTS.wrapped(result, wrapped)), onError: failedWith },
    );
  };
  const confirmRevoke = () => {
    setConfirming(null);
    revokeSco.mutate(
      { body: { ids: selectedIds }, params: batchHeader() },
      { onSuccess: (result) => showBatch(result, ACTION_TEXTS.revoked(result)), onError: failedWith },
    );
  };

  const actions = assessmentActions(view, {
    copyLink: onCopyLink,
    delete: onDelete,
    edit: () => {
      if (selectedRows.some((row) => row.receivedFromAnotherCoach)) setMessage({ title: 'Failed', body: <p>{ACTION_TEXTS.received}</p> });
      else setEditing(true);
    },
    wrap: onWrap,
    assignSco: () => setAssigningSco(true),
    revokeSco: () => setConfirming('revokeSco'),
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
        {confirming ? (
          <ConfirmDialog
            title="Warning"
            isOpen
            isDestructive
            confirmLabel={confirming === 'delete' ? 'Remove' : 'Revoke'}
            onConfirm={confirming === 'delete' ? confirmDelete : confirmRevoke}
            onCancel={() => setConfirming(null)}
          >
            {confirming === 'delete' ? ACTION_TEXTS.confirmDelete : ACTION_TEXTS.confirmRevoke(selectedIds.length)}
          </ConfirmDialog>
        ) : null}
        {editing ? (
          <EditAssessmentsDialog
            ids={selectedIds}
            rows={selectedRows}
            impersonator={session.roles.impersonator}
            onClose={() => setEditing(false)}
            onEdited={(result) => {
              setEditing(false);
              showBatch(result, ACTION_TEXTS.updated(result));
            }}
          />
        ) : null}
        {assigningSco ? (
          <AssignScoDialog
            ids={selectedIds}
            onClose={() => setAssigningSco(false)}
            onAssigned={(text) => {
              setAssigningSco(false);
              selection.clear();
              setMessage({ title: 'Success', body: <p>{text}</p> });
            }}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
