import { useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import type { TeamRow } from '../../../lib/api/list-teams.ts';
import { TEAM_TEXT_MAX, TEAMS_TEXT, TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { useSubmission } from '../../../lib/submission-key.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useUpdateTeam } from '../api/update-team.ts';

export interface TeamFormDialogProps {
  /** The team to edit; without it the dialog adds a team. */
  team?: TeamRow;
  onClose: () => void;
}

/**
 * Add Team and Edit (spec coach-shell §2.6, §5, §8): name and project required ('Please enter a team name and a
 * project name.' as a danger toast), every field up to 250 characters; the name stays as it is once a report is
 * requested or available. A refusal is 'Failed' with the server's text.
 */
export default function TeamFormDialog({ team, onClose }: TeamFormDialogProps) {
  const [name, setName] = useState(team?.name ?? '');
  const [project, setProject] = useState(team?.project ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  const create = useCreateTeam();
  const update = useUpdateTeam();
  // An edit is the same whenever it is repeated (it takes no key); a second press sends nothing either way.
  const submission = useSubmission('createTeam');
  const saving = submission.isPending;
  const nameLocked = team !== undefined && team.reportState !== 'notRequested';

  const submit = () => {
    if (name.trim() === '' || project.trim() === '') {
      showToast(TEAMS_TEXT.fieldsRequired, 'error', TEAMS_TOAST_MS);
      return;
    }
    const done = (saved: TeamRow) => {
      showToast(team ? `Team ${saved.name} updated.` : `Team ${saved.name} added.`, 'success', TEAMS_TOAST_MS);
      onClose();
    };
    if (team) {
      const path = { teamId: team.id };
      const body = { ...(nameLocked ? {} : { name: name.trim() }), project: project.trim(), description };
      submission.submit([path, body], () => update.mutateAsync({ params: { path }, body }).then(done));
    } else {
      const body = { name: name.trim(), project: project.trim(), description };
      submission.submit(body, (params) => create.mutateAsync({ body, params }).then(done));
    }
  };

  return (
    <FormDialog
      title={team ? 'Edit Team' : TEAMS_TEXT.addTeam}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={saving ? 'Saving...' : team ? 'Save' : TEAMS_TEXT.addTeam}
      isPending={saving}
      error={create.error ?? update.error}
      className="team-form"
    >
      <div title={nameLocked ? TEAMS_TEXT.nameLocked : undefined}>
        <TextField
          label="Team name"
          value={name}
          onChange={setName}
          maxLength={TEAM_TEXT_MAX}
          isDisabled={nameLocked}
          autoFocus={!nameLocked}
          description={nameLocked ? TEAMS_TEXT.nameLocked : undefined}
        />
      </div>
      <TextField label="Project" value={project} onChange={setProject} maxLength={TEAM_TEXT_MAX} autoFocus={nameLocked} />
      <TextField label="Description" value={description} onChange={setDescription} maxLength={TEAM_TEXT_MAX} />
    </FormDialog>
  );
}
