import { useLocation } from 'wouter';
import { useRunOnMount } from '../../../lib/use-run-on-mount.ts';
import { type TeamActionProps, useOwnTeam } from './own-team.ts';

/** View Team (spec coach-shell §2.6, §2.7): the team page of the selected own team. */
export default function ViewTeamAction(props: TeamActionProps) {
  const [, navigate] = useLocation();
  const team = useOwnTeam(props, 'view');
  useRunOnMount(() => {
    if (!team) return;
    props.finish();
    navigate(`/team?id=${encodeURIComponent(team.id)}`);
  });
  return null;
}
