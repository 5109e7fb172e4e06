import { useState } from 'react';
import { problemMessage } from '../lib/problem.ts';
import type { useDownload } from '../lib/use-download.ts';
import { Button } from './ui/button.tsx';
import { MessageDialog } from './ui/message-dialog.tsx';

export interface DownloadButtonProps {
  label: string;
  download: ReturnType<typeof useDownload>;
}

/** A spreadsheet download: 'Downloading...' while it runs; a failure is the spec's 'Failed' alert with the server's text. */
export function DownloadButton({ label, download }: DownloadButtonProps) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        isDisabled={download.isPending}
        onPress={() => download.mutate(undefined, { onError: (error) => setFailure(problemMessage(error)) })}
      >
        {download.isPending ? 'Downloading...' : label}
      </Button>
      <MessageDialog title="Failed" onClose={() => setFailure(null)}>
        {failure}
      </MessageDialog>
    </>
  );
}
