import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageDialog } from '../../../components/ui/message-dialog.tsx';
import { problemMessage } from '../../../lib/problem.ts';
import { useDownloadActivitySummary } from '../api/download-activity-summary.ts';

export const DOWNLOAD_SUMMARY = 'Download Summary Spreadsheet';

/** The dashboard's summary workbook; a failure is the spec's 'Failed' alert with the server's text (§8). */
export function DownloadSummaryButton() {
  const download = useDownloadActivitySummary();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        isDisabled={download.isPending}
        onPress={() => download.mutate(undefined, { onError: (error) => setFailure(problemMessage(error)) })}
      >
        {download.isPending ? 'Downloading...' : DOWNLOAD_SUMMARY}
      </Button>
      <MessageDialog title="Failed" onClose={() => setFailure(null)}>
        {failure}
      </MessageDialog>
    </>
  );
}
