// The shared table's toolbar model (spec coach-shell §2.2, assessments-and-clients §2.3): each
// button has a minimum and maximum selected-record count and belongs to a group; behind each button, an
// action component of the screen's registry (web/README.md "Add a table action").
import type { ComponentType, ReactNode } from 'react';
import type { MessageTitle } from '../ui/message-dialog.tsx';

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
  /**
   * The screen's one filled button (a frequent action, e.g. Add Team); without one, the Add menu is the primary
   * action. The other buttons and menus are secondary.
   */
  primary?: boolean;
  onAction: () => void;
  /** Fetches the action's code ahead of the press (hover or focus of its button or menu item). */
  preload?: () => void;
  /** Running: disabled until it ends (an export being downloaded). */
  isBusy?: boolean;
}

/** Whether a button is enabled for this many selected records (and not running). */
export function isActionEnabled(action: Pick<TableAction, 'min' | 'max' | 'isBusy'>, selectedCount: number): boolean {
  return !action.isBusy && selectedCount >= action.min && (action.max === undefined || selectedCount <= action.max);
}

/** An alert an action ends with (one of the spec's titles, assessments-and-clients §2.4, coach-shell §8). */
export interface ActionMessage {
  title: MessageTitle;
  body: ReactNode;
}

/**
 * What every toolbar action receives, with the screen's extras (e.g. the view and the session). An action is a
 * component, mounted when its button is pressed with the selection of that moment; it lives until it calls `finish`.
 */
export interface ActionProps<R> {
  /** Every selected record's id (a select-all selection spans pages). */
  ids: readonly string[];
  /** The selected rows seen on any page, in the order of `ids`: fewer than `ids` when a select-all selection holds records never shown. */
  rows: readonly R[];
  /** Ends the action; with a message, its alert shows first. */
  finish: (message?: ActionMessage) => void;
  /** Empties the table's selection (after a batch changed the selected records). */
  clearSelection: () => void;
  /** Replaces the table's selection (an action that offers to narrow it, e.g. to the coach's own records). */
  select?: (ids: readonly string[]) => void;
  /** How many of `ids` the table's filter and search did not show when the action started (its confirmation says so). */
  outsideFilter?: number;
}

/** A toolbar entry of a screen's registry: the button and the action behind it. */
export interface RegisteredAction<R, X> extends Omit<TableAction, 'id' | 'onAction'> {
  /**
   * The action, usually `lazyWithPreload(() => import('./<action>.tsx'))` (`lib/lazy-with-preload.ts`): its code loads
   * when the pointer or the keyboard reaches its button, so that it is there by the press.
   */
  component: ComponentType<ActionProps<R> & X> & { preload?: () => void };
  /** Whether the screen offers it, from its extras (e.g. the view); always when absent. */
  isShown?: (extras: X) => boolean;
}

/** A screen's toolbar, in the order shown; the keys are the actions' ids. */
export type ActionRegistry<R, X = object> = Readonly<Record<string, RegisteredAction<R, X>>>;
