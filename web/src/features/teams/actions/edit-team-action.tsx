import { type TeamActionProps, useOwnTeam } from './own-team.ts';
import TeamFormDialog from './team-form-dialog.tsx';

/** Edit (spec coach-shell §2.6): the selected own team. */
export default function EditTeamAction(props: TeamActionProps) {
  const team = useOwnTeam(props, 'edit');
  return team ? <TeamFormDialog team={team} onClose={() => props.finish()} /> : null;
}
