import { lazy, Suspense, useState } from 'react';
import { problemMessage } from '../lib/problem.ts';
import type { useDownload } from '../lib/use-download.ts';
import { Button } from './ui/button.tsx';

// The alert loads only when a download fails.
const MessageDialog = lazy(async () => ({ default: (await import('./ui/message-dialog.tsx')).MessageDialog }));

export interface DownloadButtonProps {
  label: string;
  download: ReturnType<typeof useDownload<void>>;
}

/** A spreadsheet download: 'Downloading...' while it runs; a failure is the spec's 'Failed' alert with the server's text. */
export function DownloadButton({ label, download }: DownloadButtonProps) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        isPending={download.isPending}
        onPress={() => download.mutate(undefined, { onError: (error) => setFailure(problemMessage(error)) })}
      >
        {download.isPending ? 'Downloading...' : label}
      </Button>
      {failure === null ? null : (
        <Suspense fallback={null}>
          <MessageDialog title="Failed" onClose={() => setFailure(null)}>
            {failure}
          </MessageDialog>
        </Suspense>
      )}
    </>
  );
}
