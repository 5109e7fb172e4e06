import type { ActionRegistry } from '../../../components/data-table/table-actions.ts';
import type { TeamRow } from '../../../lib/api/list-teams.ts';
import { TEAMS_TEXT } from '../../../lib/labels/teams.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';

/**
 * The toolbar of the Teams page (spec coach-shell §2.6), in the order shown; each action loads when first used (the
 * coach routes' 150 KB budget). Received teams only download their reports: the actions for one team refuse them.
 */
export const TEAM_ACTIONS: ActionRegistry<TeamRow> = {
  add: {
    label: TEAMS_TEXT.addTeam,
    group: 'frequent',
    min: 0,
    primary: true,
    component: lazyWithPreload(() => import('./add-team-action.tsx')),
  },
  view: {
    label: TEAMS_TEXT.viewTeam,
    group: 'frequent',
    min: 1,
    max: 1,
    component: lazyWithPreload(() => import('./view-team-action.tsx')),
  },
  edit: { label: TEAMS_TEXT.edit, group: 'frequent', min: 1, max: 1, component: lazyWithPreload(() => import('./edit-team-action.tsx')) },
  duplicate: {
    label: TEAMS_TEXT.duplicateTeam,
    group: 'more',
    min: 1,
    max: 1,
    component: lazyWithPreload(() => import('./duplicate-team-action.tsx')),
  },
  requestReport: {
    label: TEAMS_TEXT.requestReport,
    group: 'more',
    min: 1,
    max: 1,
    component: lazyWithPreload(() => import('./request-report-action.tsx')),
  },
  addMembers: { label: TEAMS_TEXT.addMembers, group: 'more', min: 0, component: lazyWithPreload(() => import('./add-members-action.tsx')) },
  delete: { label: TEAMS_TEXT.delete, group: 'more', min: 1, component: lazyWithPreload(() => import('./delete-teams-action.tsx')) },
  assignSco: { label: TEAMS_TEXT.assignSco, group: 'more', min: 1, component: lazyWithPreload(() => import('./assign-sco-action.tsx')) },
  revokeSco: {
    label: TEAMS_TEXT.revokeSco,
    group: 'more',
    min: 1,
    max: 1,
    component: lazyWithPreload(() => import('./revoke-sco-action.tsx')),
  },
};
