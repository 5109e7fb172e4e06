import { useEffect, useRef, useState } from 'react';
import { failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { type TeamRow, useTeams } from '../../../../lib/api/list-teams.ts';
import { useSubmission } from '../../../../lib/submission-key.ts';
import { useAddTeamMembers } from '../../api/add-team-members.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { addedMessage, NO_TEAM, TEAM_LOCKED } from './add-to-team-messages.tsx';

/** Every team of the coach in one list, by name (the picker; the BFF's largest page). */
const ALL_TEAMS = { pageSize: 500, sort: 'name', order: 'asc' } as const;

/** The team the page was opened for (`?addToTeam=<teamId>`), preselected when it is in the list. */
const requestedTeam = () => new URLSearchParams(window.location.search).get('addToTeam');

/** A team with a report requested or available takes no members (spec assessments-and-clients §4.8). */
const isLocked = (team: TeamRow) => team.reportState !== 'notRequested';

/** A locked team is listed, marked with why, and cannot be chosen. */
const teamOption = (team: TeamRow) =>
  isLocked(team)
    ? { id: team.id, label: `${team.name} (locked: report ${team.reportState === 'available' ? 'issued' : 'requested'})`, isDisabled: true }
    : { id: team.id, label: team.name };

/**
 * Add To Team (spec assessments-and-clients §2.3, §5 "Add to team"; coach-shell §8): the selection added to one of the
 * coach's own teams with one call; a coach without a team is asked to create one first, and a team whose report has
 * been requested or issued is listed as locked and cannot be chosen.
 */
export default function AddToTeamAction({ ids, finish, clearSelection }: AssessmentActionProps) {
  const teams = useTeams(ALL_TEAMS);
  const add = useAddTeamMembers();
  const submission = useSubmission('addTeamMembers', { keptByTab: true });
  const own = teams.data?.items.filter((team) => !team.isReceived);
  const [chosen, setChosen] = useState<string | null>(null);
  // The team the page was opened for is preselected only when it takes members.
  const teamId = (chosen ?? own?.find((team) => team.id === requestedTeam() && !isLocked(team))?.id) || null;
  const outcome = teams.error
    ? failedMessage(teams.error)
    : own?.length === 0
      ? { title: 'Please Note' as const, body: <p>{NO_TEAM}</p> }
      : null;
  const ended = useRef(false);
  // The teams arrive after the dialog opened: no team (or no list) ends the action once.
  useEffect(() => {
    if (!outcome || ended.current) return;
    ended.current = true;
    finish(outcome);
  });
  if (outcome) return null;
  const onAdd = () => {
    const team = own?.find((each) => each.id === teamId);
    if (!team) return;
    if (isLocked(team)) return finish(failedMessage(TEAM_LOCKED));
    const body = { ids: [...ids] };
    const path = { teamId: team.id };
    submission.submit([team.id, body], (params) =>
      add.mutateAsync({ params: { path, ...params }, body }).then(
        (result) => {
          clearSelection();
          finish(addedMessage(result));
        },
        (failure: unknown) => {
          finish(failedMessage(failure));
          throw failure;
        },
      ),
    );
  };
  return (
    <Dialog title="Add To Team" isOpen onOpenChange={(open) => (open ? undefined : finish())}>
      <div className="stack">
        {own ? (
          <>
            <p>
              {ids.length === 1
                ? 'The selected assessment joins the team you choose.'
                : `The ${ids.length} selected assessments join the team you choose.`}
            </p>
            <NativeSelect
              label="Team"
              options={[{ id: '', label: 'Select a team' }, ...own.map(teamOption)]}
              value={teamId ?? ''}
              onChange={(value) => setChosen(value)}
            />
            {own.some(isLocked) ? <p className="field__description">{TEAM_LOCKED}</p> : null}
          </>
        ) : (
          <Loading label="Loading teams..." />
        )}
        <div className="dialog__actions">
          <Button variant="secondary" onPress={() => finish()}>
            Cancel
          </Button>
          <Button onPress={onAdd} isDisabled={!teamId} isPending={submission.isPending}>
            {submission.isPending ? 'Adding...' : 'Add'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
