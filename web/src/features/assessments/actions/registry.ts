import { type ComponentType, lazy } from 'react';
import type { AssessmentActionId } from '../utils/assessment-actions.ts';
import type { AssessmentActionProps } from './action-props.ts';
// Loaded with the screen: as a chunk of its own it made the bundler split React out of the entry chunk.
import DownloadDetailsAction from './download-details-action.tsx';

type ActionComponent = ComponentType<AssessmentActionProps>;

/**
 * The toolbar's actions, each loaded when first used (the coach routes' 170 KB budget). An action of the catalogue
 * (`utils/assessment-actions.ts`) gets its button once it is registered here.
 */
export const ACTION_COMPONENTS: Partial<Record<AssessmentActionId, ActionComponent>> = {
  copyLink: lazy(() => import('./copy-link-action.tsx')),
  sendInvites: lazy(() => import('./send-invites-dialog.tsx')),
  sendReports: lazy(() => import('./send-reports-dialog.tsx')),
  viewDetails: lazy(() => import('./view-details-dialog.tsx')),
  edit: lazy(() => import('./edit-assessments-dialog.tsx')),
  addForNewClient: lazy(() => import('./add-for-new-client-dialog.tsx')),
  addToExistingClient: lazy(() => import('./add-to-existing-client-dialog.tsx')),
  downloadDetails: DownloadDetailsAction,
  downloadReports: lazy(() => import('./download-reports-action.tsx')),
  history: lazy(() => import('./history-dialog.tsx')),
  assignSco: lazy(() => import('./assign-sco-dialog.tsx')),
  wrap: lazy(() => import('./wrap-action.tsx')),
  combine: lazy(() => import('./combine-dialog.tsx')),
  addToTeam: lazy(() => import('./add-to-team-dialog.tsx')),
  delete: lazy(() => import('./delete-action.tsx')),
  revokeSco: lazy(() => import('./revoke-sco-action.tsx')),
  bulkAdd: lazy(() => import('./bulk-add-dialog.tsx')),
  importResults: lazy(() => import('./import-results-dialog.tsx')),
  importResultsToExisting: lazy(() => import('./import-results-to-existing-dialog.tsx')),
  addPairs: lazy(() => import('./add-pairs-dialog.tsx')),
};
