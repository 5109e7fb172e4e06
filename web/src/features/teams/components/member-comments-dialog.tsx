import { useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { TEAM_PAGE_TOAST_MS, TEAM_TEXT_MAX } from '../../../lib/labels/teams.ts';
import type { TeamMember } from '../api/get-team.ts';
import { useUpdateTeamMember } from '../api/update-team-member.ts';

/** A member's comments (spec coach-shell §3 "Team member", §5: at most 250 characters). */
export default function MemberCommentsDialog({ teamId, member, onClose }: { teamId: string; member: TeamMember; onClose: () => void }) {
  const [text, setText] = useState(member.memberComments);
  const update = useUpdateTeamMember(teamId);
  const save = () =>
    update.mutate(
      { params: { path: { teamId, memberId: member.id } }, body: { memberComments: text } },
      {
        onSuccess: () => {
          showToast('Comments saved.', 'success', TEAM_PAGE_TOAST_MS);
          onClose();
        },
      },
    );
  return (
    <FormDialog
      title={`Comments: ${member.displayName}`}
      onClose={onClose}
      onSubmit={save}
      submitLabel={update.isPending ? 'Saving...' : 'Save'}
      isPending={update.isPending}
      isSubmitDisabled={text === member.memberComments}
      error={update.error}
    >
      <TextArea
        label="Comments"
        value={text}
        onChange={setText}
        maxLength={TEAM_TEXT_MAX}
        autoFocus
        description={`${text.length} / ${TEAM_TEXT_MAX} characters`}
      />
    </FormDialog>
  );
}
