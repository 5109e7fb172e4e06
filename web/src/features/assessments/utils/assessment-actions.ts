import type { TableAction } from '../../../components/data-table/table-actions.ts';
import type { AssessmentView } from '../api/list-assessments.ts';

/** The toolbar of the assessments table (spec assessments-and-clients §2.3), in the order shown. */
export type AssessmentActionId =
  | 'copyLink'
  | 'sendInvites'
  | 'sendReports'
  | 'downloadReports'
  | 'viewDetails'
  | 'edit'
  | 'addForNewClient'
  | 'addToExistingClient'
  | 'addPairs'
  | 'importResults'
  | 'importResultsToExisting'
  | 'bulkAdd'
  | 'downloadDetails'
  | 'history'
  | 'addToTeam'
  | 'combine'
  | 'assignSco'
  | 'wrap'
  | 'delete'
  | 'revokeSco';

type ActionSpec = Omit<TableAction, 'id' | 'onAction'> & { views: readonly AssessmentView[] };

const OWN: readonly AssessmentView[] = ['own'];

/**
 * Each button's group and the selection it needs (spec §2.3 table); in the given-SCO view only
 * Revoke SCO is offered. History is not in §2.3: it opens the history of one assessment (§2.4).
 */
export const ASSESSMENT_ACTIONS: Readonly<Record<AssessmentActionId, ActionSpec>> = {
  copyLink: { label: 'Copy Assessment Link', group: 'frequent', min: 1, max: 1, views: OWN },
  sendInvites: { label: 'Send Invites/Reminders', group: 'frequent', min: 1, views: OWN },
  sendReports: { label: 'Send Reports', group: 'frequent', min: 1, views: OWN },
  downloadReports: { label: 'Download Reports', group: 'frequent', min: 1, views: OWN },
  viewDetails: { label: 'View Details', group: 'frequent', min: 1, views: OWN },
  edit: { label: 'Edit', group: 'frequent', min: 1, views: OWN },
  addForNewClient: { label: 'Add Assessment for New Client', group: 'add', min: 0, max: 0, views: OWN },
  addToExistingClient: { label: 'Add Assessment to Existing Client', group: 'add', min: 1, max: 1, views: OWN },
  addPairs: { label: 'Add Pairs', group: 'add', min: 2, max: 2, views: OWN },
  importResults: { label: 'Import Results', group: 'add', min: 0, max: 0, views: OWN },
  importResultsToExisting: { label: 'Import Results to Existing Client', group: 'add', min: 1, max: 1, views: OWN },
  bulkAdd: { label: 'Bulk Add Clients and Assessments', group: 'add', min: 0, max: 0, desktopOnly: true, views: OWN },
  downloadDetails: { label: 'Download Details', group: 'more', min: 1, desktopOnly: true, views: OWN },
  history: { label: 'History', group: 'more', min: 1, max: 1, views: OWN },
  addToTeam: { label: 'Add To Team', group: 'more', min: 1, desktopOnly: true, views: OWN },
  combine: { label: 'Combine', group: 'more', min: 2, max: 2, desktopOnly: true, views: OWN },
  assignSco: { label: 'Assign SCO', group: 'more', min: 1, views: OWN },
  wrap: { label: 'Wrap / Unwrap', group: 'more', min: 1, desktopOnly: true, views: OWN },
  delete: { label: 'Delete', group: 'more', min: 1, views: OWN },
  revokeSco: { label: 'Revoke SCO', group: 'frequent', min: 1, views: ['given'] },
};

/**
 * The toolbar of a view: the actions of the catalogue that this view offers and that have a
 * handler (an action is plugged in by giving its handler), in catalogue order.
 */
export function assessmentActions(view: AssessmentView, handlers: Partial<Record<AssessmentActionId, () => void>>): TableAction[] {
  return (Object.keys(ASSESSMENT_ACTIONS) as AssessmentActionId[]).flatMap((id) => {
    const { views, ...spec } = ASSESSMENT_ACTIONS[id];
    const onAction = handlers[id];
    return views.includes(view) && onAction ? [{ id, ...spec, onAction }] : [];
  });
}
