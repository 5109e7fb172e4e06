import type { TeamActionProps } from './own-team.ts';
import TeamFormDialog from './team-form-dialog.tsx';

/** Add Team (spec coach-shell §2.6), also opened by the dashboard's 'Add New Team' (`?add=1`). */
export default function AddTeamAction({ finish }: TeamActionProps) {
  return <TeamFormDialog onClose={() => finish()} />;
}
