import type { components } from '../../../../../../generated/bff.ts';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';

type AddTeamMembersResult = components['schemas']['AddTeamMembersResult'];

// spec assessments-and-clients §5 "Add to team", coach-shell §8.
export const NO_TEAM = 'Please create a team first';
export const TEAM_LOCKED = 'You cannot add members to a team for which a report has already been requested or issued...';

/** The result alert, from the BFF's counts (spec coach-shell §8 "Add to team"): all added, some, or none. */
export function addedMessage({ requested, added, alreadyMembers }: AddTeamMembersResult): ActionMessage {
  if (added === 0) return { title: 'Please Note', body: <p>All selected assessments are already part of this team.</p> };
  if (alreadyMembers === 0) return { title: 'Success', body: <p>{`Success! All ${added} member(s) have been added.`}</p> };
  return {
    title: 'Please Note',
    body: <p>{`You've added ${added} out of ${requested}. The other assessments are already part of this team.`}</p>,
  };
}
