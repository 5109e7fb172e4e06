import { showToast } from '../../../../components/ui/toast.tsx';
import { api } from '../../../../lib/api-client.ts';
import { problemMessage } from '../../../../lib/problem.ts';
import { useDownload } from '../../../../lib/use-download.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { DOWNLOADING, TOAST_MS } from '../../utils/assessment-texts.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';

// Loaded with the screen (registry.ts), so it leaves out the other actions' shared messages.
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
    download.mutate(undefined, {
      onSuccess: () => finish(),
      onError: (failure) => finish({ title: 'Failed', body: <p>{problemMessage(failure)}</p> }),
    });
  });
  return null;
}
