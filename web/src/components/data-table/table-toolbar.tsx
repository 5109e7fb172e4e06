import { lazy, Suspense } from 'react';
import { preloadOnIntent } from '../../lib/lazy-with-preload.ts';
import { Button } from '../ui/button.tsx';
import { type SelectionStore, useSelectedCount } from './selection-store.ts';
import { type ActionGroup, isActionEnabled, type TableAction } from './table-actions.ts';

// The dropdowns' menu and popover code arrives just after the table's first paint (the coach
// routes' 150 KB budget); until then the button shows, not yet active.
const ActionMenu = lazy(() => import('../ui/action-menu.tsx'));

export interface TableToolbarProps {
  actions: readonly TableAction[];
  selectedCount: number;
  isNarrow: boolean;
}

const MENU_LABELS: Record<Exclude<ActionGroup, 'frequent'>, string> = { add: 'Add', more: 'More' };

/** More buttons and menus than this do not fit a phone's width in two rows: there the frequent ones go into More. */
const MAX_WRAPPED = 4;

/**
 * The buttons of a table (spec coach-shell §2.2): the frequently used ones, an Add dropdown and a More dropdown; each
 * enabled only within its selection count. One is filled, the screen's primary action (the one marked `primary`, else
 * the Add menu), shown first; the rest are secondary. At phone width the desktop-only ones are left out, and a toolbar
 * too long for two rows keeps its primary action and menus in view with the other frequent actions at the head of
 * More.
 */
export function TableToolbar({ actions, selectedCount, isNarrow }: TableToolbarProps) {
  const shown = actions.filter((action) => !(isNarrow && action.desktopOnly));
  const inGroup = (group: ActionGroup) => shown.filter((action) => action.group === group);
  const run = (id: string) => shown.find((action) => action.id === id)?.onAction();
  const frequent = inGroup('frequent');
  const items = frequent.length + (['add', 'more'] as const).filter((group) => inGroup(group).length > 0).length;
  const fold = isNarrow && items > MAX_WRAPPED;
  const primary = frequent.find((action) => action.primary);
  const menus = {
    add: inGroup('add'),
    more: fold ? [...frequent.filter((action) => !action.primary), ...inGroup('more')] : inGroup('more'),
  };
  const buttons = fold
    ? frequent.filter((action) => action.primary)
    : [...frequent].sort((a, b) => Number(b.primary ?? false) - Number(a.primary ?? false));
  const menu = (group: 'add' | 'more', variant: 'primary' | 'secondary') =>
    menus[group].length > 0 ? (
      <Suspense
        key={group}
        fallback={
          <Button variant={variant} className="menu-button" isDisabled>
            {MENU_LABELS[group]}
            <span aria-hidden="true">▾</span>
          </Button>
        }
      >
        <ActionMenu
          label={MENU_LABELS[group]}
          variant={variant}
          items={menus[group].map((action) => ({
            id: action.id,
            label: action.label,
            isDisabled: !isActionEnabled(action, selectedCount),
            preload: action.preload,
          }))}
          onAction={run}
        />
      </Suspense>
    ) : null;
  return (
    // A labelled group: Tab moves through the buttons (a roving-focus toolbar would cost its own code).
    <fieldset className="data-table__toolbar">
      <legend className="visually-hidden">Actions</legend>
      {primary ? null : menu('add', 'primary')}
      {buttons.map((action) => (
        <Button
          key={action.id}
          variant={action.primary ? 'primary' : 'secondary'}
          isDisabled={!isActionEnabled(action, selectedCount)}
          onPress={action.onAction}
          {...preloadOnIntent(action.preload)}
        >
          {action.label}
        </Button>
      ))}
      {primary ? menu('add', 'secondary') : null}
      {menu('more', 'secondary')}
    </fieldset>
  );
}

/** The toolbar, enabled by the selection count: it renders again on a tick, the table does not. */
export function SelectionToolbar({
  actions,
  store,
  isNarrow,
}: {
  actions: readonly TableAction[];
  store: SelectionStore;
  isNarrow: boolean;
}) {
  return <TableToolbar actions={actions} selectedCount={useSelectedCount(store)} isNarrow={isNarrow} />;
}
