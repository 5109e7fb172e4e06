import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { BatchResultMessage } from '../../../components/batch-result.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { TableAction } from '../../../components/data-table/table-actions.ts';
import type { TableStateConfig } from '../../../components/data-table/table-state.ts';
import { useTableSelection, useTableState } from '../../../components/data-table/use-table-state.ts';
import type { MessageTitle } from '../../../components/ui/message-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { PAIRS_TEXT, PAIRS_TOAST_MS, removedCount } from '../../../lib/labels/pairs.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { problemMessage } from '../../../lib/problem.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useNarrowLayout } from '../../../lib/use-narrow-layout.ts';
import { useDeletePairs } from '../api/delete-pairs.ts';
import { type PairRow, type PairSort, usePairs } from '../api/list-pairs.ts';
import { pairColumns } from './pair-columns.tsx';
import { PairReportLinks } from './pair-report-links.tsx';
import './pairs.css';

// The dialogs load when first opened (the coach routes' 170 KB budget).
const SendPairReportsDialog = lazy(() => import('./send-pair-reports-dialog.tsx'));
const PrintingGuidelinesDialog = lazy(() => import('./printing-guidelines-dialog.tsx'));
const MessageDialog = lazy(async () => ({ default: (await import('../../../components/ui/message-dialog.tsx')).MessageDialog }));
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../components/ui/confirm-dialog.tsx')).ConfirmDialog }));

// The contract's sort keys; the default is the latest update first.
const TABLE_CONFIG: TableStateConfig<PairSort, never> = {
  sorts: ['info', 'coupleType', 'reportAvailable', 'reportSent', 'company', 'project', 'updatedAt'],
  defaultSort: 'updatedAt',
};

type Open = { kind: 'send'; ids: string[] } | { kind: 'confirmDelete'; ids: string[] } | { kind: 'guidelines' } | null;
type Message = { title: MessageTitle; body: ReactNode } | null;

/**
 * The Pairs page (spec assessments-and-clients §3.10, §4.10, §5 "Sending and downloading reports", §8, §9): the coach's
 * pairs on the shared table with the report as HTML and PDF or 'Not available yet', Send Reports (only of supplied
 * reports), Delete and the Report Printing Guidelines. Pairs are added from the assessments table (Add Pairs).
 */
export function PairsScreen() {
  usePageTitle(PAIRS_TEXT.title);
  const session = useSession();
  const [state, update] = useTableState(TABLE_CONFIG);
  const isNarrow = useNarrowLayout();
  const selection = useTableSelection();
  const { data, error, isPlaceholderData } = usePairs({
    q: state.q || undefined,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
  });
  const [open, setOpen] = useState<Open>(null);
  const [message, setMessage] = useState<Message>(null);
  const deletePairs = useDeletePairs();

  // The pairs seen on any page, so that a selection made across pages still knows its rows.
  const seen = useRef(new Map<string, PairRow>());
  for (const row of data?.items ?? []) seen.current.set(row.id, row);
  const selectedIds = useMemo(() => [...selection.selected], [selection.selected]);

  const say = (title: MessageTitle, text: string) => setMessage({ title, body: <p>{text}</p> });

  const onSendReports = () => {
    // spec §5: every selected pair must have its report (the BFF refuses the same selection).
    if (selectedIds.some((id) => seen.current.get(id)?.reportAvailable === false)) {
      say('Please Note', PAIRS_TEXT.reportsNotSupplied);
      return;
    }
    setOpen({ kind: 'send', ids: selectedIds });
  };

  const onDelete = (ids: string[]) => {
    setOpen(null);
    deletePairs.mutate(
      { body: { ids }, params: { header: { 'Idempotency-Key': crypto.randomUUID() } } },
      {
        onSuccess: (result) => {
          selection.clear();
          const text = removedCount(result.succeeded, result.total);
          if (result.succeeded === result.total) {
            showToast(text, 'success', PAIRS_TOAST_MS);
            return;
          }
          setMessage({
            title: result.succeeded > 0 ? PAIRS_TEXT.partlyDeleted : 'Failed',
            body: <BatchResultMessage summary={text} result={result} />,
          });
        },
        onError: (failure) => say('Failed', problemMessage(failure)),
      },
    );
  };

  const actions: TableAction[] = [
    { id: 'sendReports', label: PAIRS_TEXT.sendReports, group: 'frequent', min: 1, onAction: onSendReports },
    {
      id: 'delete',
      label: PAIRS_TEXT.delete,
      group: 'frequent',
      min: 1,
      onAction: () => setOpen({ kind: 'confirmDelete', ids: selectedIds }),
    },
    { id: 'guidelines', label: PAIRS_TEXT.printingGuidelines, group: 'frequent', min: 0, onAction: () => setOpen({ kind: 'guidelines' }) },
  ];

  const columns = pairColumns(isNarrow, (row) => <PairReportLinks pair={row} />);
  const close = () => setOpen(null);
  return (
    <section className="pairs stack" aria-labelledby="pairs-title">
      <h1 id="pairs-title">{PAIRS_TEXT.title}</h1>
      <DataTable
        label={PAIRS_TEXT.title}
        columns={columns}
        rows={data?.items}
        isStale={isPlaceholderData}
        error={error}
        total={data?.total ?? 0}
        filteredTotal={data?.filteredTotal ?? 0}
        state={state}
        onChange={update}
        selection={selection}
        actions={actions}
        isNarrow={isNarrow}
        emptyText="No pairs yet. Select two assessments on the Assessments page and choose Add Pairs."
      />
      <Suspense fallback={null}>
        {open?.kind === 'send' ? (
          <SendPairReportsDialog
            ids={open.ids}
            session={session}
            onClose={close}
            onDone={(outcome) => {
              close();
              selection.clear();
              setMessage(outcome);
            }}
          />
        ) : null}
        {open?.kind === 'confirmDelete' ? (
          <ConfirmDialog title="Warning" isOpen confirmLabel="Remove" isDestructive onConfirm={() => onDelete(open.ids)} onCancel={close}>
            {PAIRS_TEXT.confirmRemove}
          </ConfirmDialog>
        ) : null}
        {open?.kind === 'guidelines' ? <PrintingGuidelinesDialog supportEmail={session.supportEmail} onClose={close} /> : null}
        {message ? (
          <MessageDialog title={message.title} onClose={() => setMessage(null)}>
            {message.body}
          </MessageDialog>
        ) : null}
      </Suspense>
    </section>
  );
}
