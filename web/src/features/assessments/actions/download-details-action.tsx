import { showToast } from '../../../components/ui/toast.tsx';
import { api } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';
import { DOWNLOADING, TOAST_MS } from '../utils/assessment-texts.ts';
import { failedMessage, useRunOnMount } from './action-messages.tsx';
import type { AssessmentActionProps } from './action-props.ts';

/**
 * Download Details (spec assessments-and-clients §2.3): downloadMailingDetails, the mailing details of the selection
 * as a spreadsheet saved by the browser.
 */
export default function DownloadDetailsAction({ ids, finish }: AssessmentActionProps) {
  const download = useDownload(
    () => api.POST('/api/assessments/mailing-details', { body: { ids: [...ids] }, parseAs: 'blob' }),
    'mailing-details.xlsx',
  );
  useRunOnMount(() => {
    showToast(DOWNLOADING, 'info', TOAST_MS);
    download.mutate(undefined, { onSuccess: () => finish(), onError: (failure) => finish(failedMessage(failure)) });
  });
  return null;
}
