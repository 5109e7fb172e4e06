import FileCode from 'lucide-react/icons/file-code';
import FileDown from 'lucide-react/icons/file-down';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { PAIRS_TEXT, PAIRS_TOAST_MS } from '../../../lib/labels/pairs.ts';
import { pairReportHtmlUrl, useDownloadPairReport } from '../api/download-pair-report.ts';
import type { PairRow } from '../api/list-pairs.ts';

/**
 * The Report column (spec assessments-and-clients §3.10, §4.10, §8): the HTML report opens in a new tab, the PDF is
 * downloaded ('Downloading...', then the toast "Download failed" on a failure); 'Not available yet' until supplied.
 */
export function PairReportLinks({ pair }: { pair: Pick<PairRow, 'id' | 'info' | 'reportAvailable'> }) {
  const download = useDownloadPairReport(pair.id);
  if (!pair.reportAvailable) return <span className="pair-report__none">{PAIRS_TEXT.notAvailableYet}</span>;
  const pdf = () => {
    showToast(PAIRS_TEXT.downloading, 'info', PAIRS_TOAST_MS);
    download.mutate(undefined, { onError: () => showToast(PAIRS_TEXT.downloadFailed, 'error', PAIRS_TOAST_MS) });
  };
  return (
    <span className="pair-report">
      <a
        className="btn btn--quiet pair-report__link"
        href={pairReportHtmlUrl(pair.id)}
        target="_blank"
        rel="noopener"
        aria-label={`Pair report of ${pair.info} as HTML, opens in a new tab`}
      >
        <FileCode aria-hidden className="icon" />
        HTML
      </a>
      <Button
        variant="quiet"
        className="pair-report__link"
        isPending={download.isPending}
        aria-label={`Download the pair report of ${pair.info} as PDF`}
        onPress={pdf}
      >
        <FileDown aria-hidden className="icon" />
        PDF
      </Button>
    </span>
  );
}
