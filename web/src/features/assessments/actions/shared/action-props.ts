import type { ActionProps } from '../../../../components/data-table/table-actions.ts';
import type { Session } from '../../../../lib/session/session.ts';
import type { AssessmentRow, AssessmentView } from '../../api/list-assessments.ts';

/** What the assessments screen gives each action besides the selection. */
export interface AssessmentExtras {
  view: AssessmentView;
  session: Session;
}

/**
 * What every toolbar action of the assessments table receives (web/README.md "Add a table action"): the kit's
 * `ActionProps` (the selection, `finish`, `clearSelection`) and the view and session.
 */
export type AssessmentActionProps = ActionProps<AssessmentRow> & AssessmentExtras;
