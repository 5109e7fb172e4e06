import type { ActionRegistry } from '../../../components/data-table/table-actions.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { AssessmentRow } from '../api/list-assessments.ts';
// Loaded with the screen: as a chunk of its own it made the bundler split React out of the entry chunk.
import DownloadDetailsAction from './download-details/download-details-action.tsx';
import type { AssessmentExtras } from './shared/action-props.ts';

const own = ({ view }: AssessmentExtras) => view === 'own';

/**
 * The toolbar of the assessments table (spec assessments-and-clients §2.3), in the order shown: each button's group
 * and the selection it needs, and its action, loaded when first used (the coach routes' 150 KB budget). The SCO Given
 * view offers only Revoke SCO. History is not in §2.3: it opens the history of one assessment (§2.4).
 */
export const ASSESSMENT_ACTIONS: ActionRegistry<AssessmentRow, AssessmentExtras> = {
  copyLink: {
    label: 'Copy Assessment Link',
    group: 'frequent',
    min: 1,
    max: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./copy-link/copy-link-action.tsx')),
  },
  sendInvites: {
    label: 'Send Invites/Reminders',
    group: 'frequent',
    min: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./send-invites/send-invites-dialog.tsx')),
  },
  sendReports: {
    label: 'Send Reports',
    group: 'frequent',
    min: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./send-reports/send-reports-dialog.tsx')),
  },
  downloadReports: {
    label: 'Download Reports',
    group: 'frequent',
    min: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./download-reports/download-reports-action.tsx')),
  },
  viewDetails: {
    label: 'View Details',
    group: 'frequent',
    min: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./view-details/view-details-dialog.tsx')),
  },
  edit: {
    label: 'Edit',
    group: 'frequent',
    min: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./edit/edit-assessments-dialog.tsx')),
  },
  // Enabled with a selection too, so that the press can say why it needs none (spec §5 "Add client and assessment").
  addForNewClient: {
    label: 'Add Assessment for New Client',
    group: 'add',
    min: 0,
    isShown: own,
    component: lazyWithPreload(() => import('./add-assessment/add-for-new-client-dialog.tsx')),
  },
  addToExistingClient: {
    label: 'Add Assessment to Existing Client',
    group: 'add',
    min: 1,
    max: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./add-assessment/add-to-existing-client-dialog.tsx')),
  },
  addPairs: {
    label: 'Add Pairs',
    group: 'add',
    min: 2,
    max: 2,
    isShown: own,
    component: lazyWithPreload(() => import('./add-pairs/add-pairs-dialog.tsx')),
  },
  importResults: {
    label: 'Import Results',
    group: 'add',
    min: 0,
    max: 0,
    isShown: own,
    component: lazyWithPreload(() => import('./import-results/import-results-dialog.tsx')),
  },
  importResultsToExisting: {
    label: 'Import Results to Existing Client',
    group: 'add',
    min: 1,
    max: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./import-results/import-results-to-existing-dialog.tsx')),
  },
  bulkAdd: {
    label: 'Bulk Add Clients and Assessments',
    group: 'add',
    min: 0,
    desktopOnly: true,
    isShown: own,
    component: lazyWithPreload(() => import('./bulk-add/bulk-add-dialog.tsx')),
  },
  downloadDetails: { label: 'Download Details', group: 'more', min: 1, desktopOnly: true, isShown: own, component: DownloadDetailsAction },
  history: {
    label: 'History',
    group: 'more',
    min: 1,
    max: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./history/history-dialog.tsx')),
  },
  addToTeam: {
    label: 'Add To Team',
    group: 'more',
    min: 1,
    desktopOnly: true,
    isShown: own,
    component: lazyWithPreload(() => import('./add-to-team/add-to-team-dialog.tsx')),
  },
  combine: {
    label: 'Combine',
    group: 'more',
    min: 2,
    max: 2,
    desktopOnly: true,
    isShown: own,
    component: lazyWithPreload(() => import('./combine/combine-dialog.tsx')),
  },
  assignSco: {
    label: 'Assign SCO',
    group: 'more',
    min: 1,
    isShown: own,
    component: lazyWithPreload(() => import('./assign-sco/assign-sco-dialog.tsx')),
  },
  wrap: {
    label: 'Wrap / Unwrap',
    group: 'more',
    min: 1,
    desktopOnly: true,
    isShown: own,
    component: lazyWithPreload(() => import('./wrap/wrap-action.tsx')),
  },
  delete: { label: 'Delete', group: 'more', min: 1, isShown: own, component: lazyWithPreload(() => import('./delete/delete-action.tsx')) },
  revokeSco: {
    label: 'Revoke SCO',
    group: 'frequent',
    min: 1,
    isShown: ({ view }) => view === 'given',
    component: lazyWithPreload(() => import('./revoke-sco/revoke-sco-action.tsx')),
  },
};
