import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { type TableStateConfig, tableDate } from '../../../components/data-table/table-state.ts';
import { useTableState } from '../../../components/data-table/use-table-state.ts';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { COPIED_TO_CLIPBOARD, copyToClipboard } from '../../../lib/clipboard.ts';
import { LANGUAGE_NAMES } from '../../../lib/labels/languages.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useNarrowLayout } from '../../../lib/use-narrow-layout.ts';
import { useDownloadMiniAssessmentsSpreadsheet } from '../api/download-mini-assessments-spreadsheet.ts';
import { type MiniAssessmentRow, type MiniAssessmentSort, useMiniAssessments } from '../api/list-mini-assessments.ts';
import './mini-assessments.css';

// spec coach-shell §2.4, §8, §9: the page's texts; its toasts last 2.5 s.
export const MINI_ASSESSMENTS_TEXT = {
  title: 'Mini-Assessments',
  copyLink: 'Copy Link',
  copied: COPIED_TO_CLIPBOARD,
  notCopied: 'Your browser did not allow copying: select the link and copy it.',
  download: 'Download spreadsheet',
} as const;
const TOAST_MS = 2500;

// spec coach-shell §2.2: rows with a name sort by createdAt by default.
const TABLE_CONFIG: TableStateConfig<MiniAssessmentSort, never> = {
  sorts: ['name', 'language', 'ennea', 'trifix', 'createdAt', 'completedAt'],
  defaultSort: 'createdAt',
};

type Row = MiniAssessmentRow & { id: string };

const info: DataColumn<Row> = {
  id: 'name',
  label: 'Info',
  sortable: true,
  isRowHeader: true,
  render: (row) => (
    <span className="mini-info">
      <span className="mini-info__name">
        {row.name} {row.surname}
      </span>
      <span className="mini-info__email">{row.email}</span>
    </span>
  ),
};
const report = (row: Row) =>
  row.reportUrl ? (
    <a className="link" href={row.reportUrl} target="_blank" rel="noopener">
      Report<span className="visually-hidden"> of {`${row.name} ${row.surname}`} (opens in a new tab)</span>
    </a>
  ) : (
    '-'
  );
const completed: DataColumn<Row> = {
  id: 'completedAt',
  label: 'Completed',
  sortable: true,
  nowrap: true,
  render: (row) => tableDate(row.completedAt ?? undefined) || '-',
};

const DESKTOP_COLUMNS: readonly DataColumn<Row>[] = [
  info,
  { id: 'language', label: 'Language', sortable: true, render: (row) => LANGUAGE_NAMES[row.language] },
  { id: 'ennea', label: 'Ennea', sortable: true, render: (row) => row.ennea ?? '-' },
  { id: 'trifix', label: 'Trifix', sortable: true, render: (row) => row.trifix ?? '-' },
  { id: 'report', label: 'Report', render: report },
  { id: 'createdAt', label: 'Started', sortable: true, nowrap: true, render: (row) => tableDate(row.createdAt) },
  completed,
];
const PHONE_COLUMNS: readonly DataColumn<Row>[] = [
  info,
  {
    id: 'ennea',
    label: 'Ennea Results',
    sortable: true,
    render: (row) =>
      row.ennea === null ? (
        '-'
      ) : (
        <span className="mini-results">
          <span>
            {row.ennea} · {row.trifix}
          </span>
          {report(row)}
        </span>
      ),
  },
  completed,
];

/**
 * The Mini-Assessments page (spec coach-shell §2.4): the public self-registration link with Copy Link, the results
 * on the shared table (desktop and phone columns), each report in a new tab, and the spreadsheet.
 */
export function MiniAssessments() {
  usePageTitle(MINI_ASSESSMENTS_TEXT.title);
  const [state, update] = useTableState(TABLE_CONFIG);
  const isNarrow = useNarrowLayout();
  const download = useDownloadMiniAssessmentsSpreadsheet();
  const { data, error, isPlaceholderData } = useMiniAssessments({
    q: state.q || undefined,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
  });
  const link = data?.selfRegistrationUrl;

  const copy = async () => {
    if (!link) return;
    const copied = await copyToClipboard(link);
    showToast(copied ? MINI_ASSESSMENTS_TEXT.copied : MINI_ASSESSMENTS_TEXT.notCopied, copied ? 'success' : 'info', TOAST_MS);
  };

  return (
    <section className="mini-assessments stack" aria-labelledby="mini-assessments-title">
      <header className="mini-assessments__header">
        <h1 id="mini-assessments-title">{MINI_ASSESSMENTS_TEXT.title}</h1>
        <DownloadButton label={MINI_ASSESSMENTS_TEXT.download} download={download} />
      </header>
      <div className="card mini-assessments__link">
        <h2 id="mini-link-title">Self-registration link</h2>
        <p>Share this link: anyone who opens it can take the mini-assessment, and their results appear below.</p>
        <div className="mini-assessments__link-row">
          <input
            className="field__input mini-assessments__link-input"
            aria-labelledby="mini-link-title"
            readOnly
            value={link ?? ''}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button onPress={copy} isDisabled={!link}>
            {MINI_ASSESSMENTS_TEXT.copyLink}
          </Button>
        </div>
      </div>
      <DataTable
        label="Mini-assessments"
        columns={isNarrow ? PHONE_COLUMNS : DESKTOP_COLUMNS}
        rows={data?.items.map((row) => ({ ...row, id: row.uniqueId }))}
        isStale={isPlaceholderData}
        error={error}
        total={data?.total ?? 0}
        filteredTotal={data?.filteredTotal ?? 0}
        state={state}
        onChange={update}
        isNarrow={isNarrow}
        emptyText="No mini-assessments yet. Share your link to start."
      />
    </section>
  );
}
