import type { ReactNode } from 'react';
import type { components } from '../../../../../generated/bff.ts';
import type { MessageTitle } from '../../../components/ui/message-dialog.tsx';
import type { Session } from '../../../lib/session/session.ts';
import type { AssessmentRow, AssessmentView } from '../api/list-assessments.ts';

export type BatchResult = components['schemas']['BatchResult'];

/** An alert the action ends with (one of the spec's titles, assessments-and-clients §2.4). */
export interface ActionMessage {
  title: MessageTitle;
  body: ReactNode;
}

/**
 * What every toolbar action of the assessments table receives (web/README.md "Adding a table action"). An action is a
 * component, default-exported and registered in `registry.ts`; it is mounted when its button is pressed and lives
 * until it calls `finish`.
 */
export interface AssessmentActionProps {
  view: AssessmentView;
  session: Session;
  /** Every selected assessment id (a select-all selection spans pages). */
  ids: readonly string[];
  /** The selected rows of the page on screen: a subset of `ids` when the selection spans pages. */
  rows: readonly AssessmentRow[];
  /** Ends the action; with a message, its alert shows first. */
  finish: (message?: ActionMessage) => void;
  /** Empties the table's selection (after a batch changed the selected records). */
  clearSelection: () => void;
}
