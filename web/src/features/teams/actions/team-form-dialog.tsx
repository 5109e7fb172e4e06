import { useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import type { TeamRow } from '../../../lib/api/list-teams.ts';
import { refusesField, useFieldErrors } from '../../../lib/field-errors.ts';
import { TEAM_TEXT_MAX, TEAMS_TEXT, TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { useSubmission } from '../../../lib/submission-key.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useUpdateTeam } from '../api/update-team.ts';

export interface TeamFormDialogProps {
  /** The team to edit; without it the dialog adds a team. */
  team?: TeamRow;
  onClose: () => void;
}

type TeamField = 'name' | 'project' | 'description';
const TEAM_FIELDS: readonly TeamField[] = ['name', 'project', 'description'];

/**
 * Add Team and Edit (spec coach-shell §2.6, §5, §8): name and project required ('Please enter a team name and a
 * project name.' at each empty one), every field up to 250 characters; the name stays as it is once a report is
 * requested or available. A refusal naming a field is shown at it; any other is 'Failed' with the server's text.
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
  const fields = useFieldErrors<TeamField>();
  const edited = (key: TeamField, set: (value: string) => void) => (value: string) => {
    set(value);
    fields.clear(key);
  };
  // A refusal naming a field is shown there, not as the dialog's alert as well.
  const refusal = create.error ?? update.error;
  const shownAtField = refusesField(refusal, TEAM_FIELDS);

  const submit = () => {
    const required = TEAMS_TEXT.fieldsRequired;
    const missing = { name: name.trim() === '' ? required : undefined, project: project.trim() === '' ? required : undefined };
    if (!fields.report(missing)) return;
    const refused = (error: unknown) => {
      fields.reportRefusal(error, TEAM_FIELDS);
      throw error;
    };
    const done = (saved: TeamRow) => {
      showToast(team ? `Team ${saved.name} updated.` : `Team ${saved.name} added.`, 'success', TEAMS_TOAST_MS);
      onClose();
    };
    if (team) {
      const path = { teamId: team.id };
      const body = { ...(nameLocked ? {} : { name: name.trim() }), project: project.trim(), description };
      submission.submit([path, body], () => update.mutateAsync({ params: { path }, body }).then(done, refused));
    } else {
      const body = { name: name.trim(), project: project.trim(), description };
      submission.submit(body, (params) => create.mutateAsync({ body, params }).then(done, refused));
    }
  };

  return (
    <FormDialog
      title={team ? 'Edit Team' : TEAMS_TEXT.addTeam}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={saving ? 'Saving...' : team ? 'Save' : TEAMS_TEXT.addTeam}
      isPending={saving}
      error={shownAtField ? null : refusal}
      className="team-form"
      formRef={fields.formRef}
    >
      <div title={nameLocked ? TEAMS_TEXT.nameLocked : undefined}>
        <TextField
          label="Team name"
          value={name}
          onChange={edited('name', setName)}
          {...fields.field('name')}
          maxLength={TEAM_TEXT_MAX}
          isDisabled={nameLocked}
          autoFocus={!nameLocked}
          description={nameLocked ? TEAMS_TEXT.nameLocked : undefined}
        />
      </div>
      <TextField
        label="Project"
        value={project}
        onChange={edited('project', setProject)}
        maxLength={TEAM_TEXT_MAX}
        autoFocus={nameLocked}
        {...fields.field('project')}
      />
      <TextField
        label="Description"
        value={description}
        onChange={edited('description', setDescription)}
        maxLength={TEAM_TEXT_MAX}
        {...fields.field('description')}
      />
    </FormDialog>
  );
}
