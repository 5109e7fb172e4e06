import { useState } from 'react';
import { noteMessage } from '../../../components/data-table/action-messages.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import type { TeamRow } from '../../../lib/api/list-teams.ts';
import { TEAM_TEXT_MAX, TEAMS_TEXT, TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { useSubmission } from '../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../lib/use-run-on-mount.ts';
import { useDuplicateTeam } from '../api/duplicate-team.ts';
import { type TeamActionProps, useOwnTeam } from './own-team.ts';

/** Duplicate Team (spec coach-shell §4, §8): of the selected own team, once a report has been requested or is available. */
export default function DuplicateTeamAction(props: TeamActionProps) {
  const team = useOwnTeam(props, 'duplicate');
  useRunOnMount(() => {
    if (team && !team.canDuplicate) props.finish(noteMessage(TEAMS_TEXT.duplicateNeedsReport));
  });
  return team?.canDuplicate ? <DuplicateTeamDialog team={team} onClose={() => props.finish()} /> : null;
}

/**
 * The new team, with the members, under a name that defaults to the old name plus the current long month and year
 * (en-ZA, as the BFF suggests it); a failure is 'Duplicate team failed.' (spec coach-shell §5, §8).
 */
function DuplicateTeamDialog({ team, onClose }: { team: TeamRow; onClose: () => void }) {
  const [name, setName] = useState(team.suggestedDuplicateName);
  const duplicate = useDuplicateTeam();
  const submission = useSubmission('duplicateTeam');
  const submit = () => {
    const newName = name.trim();
    const path = { teamId: team.id };
    const body = newName ? { name: newName } : {};
    submission.submit([path, body], (params) =>
      duplicate.mutateAsync({ params: { path, ...params }, body }).then((created) => {
        showToast(`Team ${created.name} added.`, 'success', TEAMS_TOAST_MS);
        onClose();
      }),
    );
  };
  return (
    <FormDialog
      title={TEAMS_TEXT.duplicateTeam}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={submission.isPending ? 'Duplicating...' : 'Duplicate'}
      isPending={submission.isPending}
      error={duplicate.error}
    >
      <p>
        A copy of <strong>{team.name}</strong> with its members, so that a new report can be requested.
      </p>
      <TextField label="New team name" value={name} onChange={setName} maxLength={TEAM_TEXT_MAX} autoFocus />
    </FormDialog>
  );
}
