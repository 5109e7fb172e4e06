import { DataTable } from '../../../components/data-table/lazy-data-table.tsx';
import type { TableStateConfig } from '../../../components/data-table/table-state.ts';
import { useListScreen } from '../../../components/data-table/use-list-screen.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { type MiniAssessmentSort, useMiniAssessments } from '../../../lib/api/list-mini-assessments.ts';
import { COPIED_TO_CLIPBOARD, copyToClipboard } from '../../../lib/clipboard.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDownloadMiniAssessmentsSpreadsheet } from '../api/download-mini-assessments-spreadsheet.ts';
import { exportMiniAssessments } from '../api/export-mini-assessments.ts';
import { DESKTOP_COLUMNS, PHONE_COLUMNS } from './mini-assessment-columns.tsx';
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

/**
 * The Mini-Assessments page (spec coach-shell §2.4): the public self-registration link with Copy Link, the results
 * on the shared table (desktop and phone columns), each report in a new tab, and the spreadsheet.
 */
export function MiniAssessments() {
  usePageTitle(MINI_ASSESSMENTS_TEXT.title);
  const download = useDownloadMiniAssessmentsSpreadsheet();
  const screen = useListScreen({
    table: TABLE_CONFIG,
    useList: useMiniAssessments,
    rowId: (row) => row.uniqueId,
    exportList: exportMiniAssessments,
    exportName: 'mini-assessments',
  });
  const link = screen.data?.selfRegistrationUrl;

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
        {...screen.table}
        label="Mini-assessments"
        columns={screen.isNarrow ? PHONE_COLUMNS : DESKTOP_COLUMNS}
        emptyText="No mini-assessments yet. Share your link to start."
        noun="mini-assessments"
      />
    </section>
  );
}
