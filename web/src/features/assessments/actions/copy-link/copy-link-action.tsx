import { failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { showToast } from '../../../../components/ui/toast.tsx';
import { copyToClipboard } from '../../../../lib/clipboard.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useCopyAssessmentLink } from '../../api/copy-assessment-link.ts';
import { COPIED_TO_CLIPBOARD, TOAST_MS } from '../../utils/assessment-texts.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { CopiedLinkMessage } from './copied-link-message.tsx';

/** Copy Assessment Link (spec assessments-and-clients §2.4, §4.3): the link copied, and where it leads. */
export default function CopyLinkAction({ ids, finish }: AssessmentActionProps) {
  const copyLink = useCopyAssessmentLink();
  useRunOnMount(() => {
    const [assessmentId] = ids;
    if (!assessmentId) return finish();
    copyLink.mutate(
      { params: { path: { assessmentId } } },
      {
        onSuccess: async ({ link }) => {
          const copied = await copyToClipboard(link);
          if (copied) showToast(COPIED_TO_CLIPBOARD, 'success', TOAST_MS);
          finish({ title: 'Please Note', body: <CopiedLinkMessage link={link} copied={copied === true} /> });
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  });
  return null;
}
