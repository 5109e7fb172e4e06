import { noteMessage } from '../../../components/data-table/action-messages.tsx';
import type { ActionProps } from '../../../components/data-table/table-actions.ts';
import type { TeamRow } from '../../../lib/api/list-teams.ts';
import { receivedTeamMessage } from '../../../lib/labels/teams.ts';
import { useRunOnMount } from '../../../lib/use-run-on-mount.ts';

/** What every toolbar action of the Teams page receives (web/README.md "Add a table action"). */
export type TeamActionProps = ActionProps<TeamRow>;

/**
 * The one team selected, when it is the coach's own. View, Edit, Duplicate and Request Report refuse a received team
 * with the spec's text (coach-shell §8), and end at once without a team.
 */
export function useOwnTeam({ rows, finish }: TeamActionProps, action: Parameters<typeof receivedTeamMessage>[0]): TeamRow | undefined {
  const team = rows[0];
  useRunOnMount(() => {
    if (!team) finish();
    else if (team.isReceived) finish(noteMessage(receivedTeamMessage(action, team.reportState === 'available')));
  });
  return team?.isReceived ? undefined : team;
}
