import { failedMessage } from '../../../../components/data-table/action-messages.tsx';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import type { AssessmentRow } from '../../api/list-assessments.ts';

/** spec assessments-and-clients §5: received (SCO) assessments can't be edited, deleted, wrapped or re-assigned. */
export const RECEIVED_REFUSAL =
  'Your selection includes assessments that were given to you by another coach. Please amend your selection and try again.';

/** The refusal of a selection holding received assessments, or null. */
export const receivedRefusal = (rows: readonly AssessmentRow[]): ActionMessage | null =>
  rows.some((row) => row.receivedFromAnotherCoach) ? failedMessage(RECEIVED_REFUSAL) : null;
