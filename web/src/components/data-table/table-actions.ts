// The shared table's toolbar model (spec coach-shell §2.2, assessments-and-clients §2.3): each
// button has a minimum and maximum selected-record count and belongs to a group.

export type ActionGroup = 'frequent' | 'add' | 'more';

export interface TableAction {
  id: string;
  label: string;
  group: ActionGroup;
  /** Selected records needed: at least `min`, at most `max` (no upper bound when absent). */
  min: number;
  max?: number;
  /** Left out at phone width. */
  desktopOnly?: boolean;
  onAction: () => void;
}

/** Whether a button is enabled for this many selected records. */
export function isActionEnabled(action: Pick<TableAction, 'min' | 'max'>, selectedCount: number): boolean {
  return selectedCount >= action.min && (action.max === undefined || selectedCount <= action.max);
}
