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

/** More buttons and menus than this do not fit a phone's width in two rows: there they scroll sideways in one. */
const MAX_WRAPPED = 4;

/**
 * The buttons of a table (spec coach-shell §2.2): the frequently used ones, an Add dropdown and a
 * More dropdown; each enabled only within its selection count. At phone width the desktop-only
 * ones are left out.
 */
export function TableToolbar({ actions, selectedCount, isNarrow }: TableToolbarProps) {
  const shown = actions.filter((action) => !(isNarrow && action.desktopOnly));
  const inGroup = (group: ActionGroup) => shown.filter((action) => action.group === group);
  const run = (id: string) => shown.find((action) => action.id === id)?.onAction();
  const items = inGroup('frequent').length + (['add', 'more'] as const).filter((group) => inGroup(group).length > 0).length;
  return (
    // A labelled group: Tab moves through the buttons (a roving-focus toolbar would cost its own code).
    <fieldset className={items > MAX_WRAPPED ? 'data-table__toolbar data-table__toolbar--scroll' : 'data-table__toolbar'}>
      <legend className="visually-hidden">Actions</legend>
      {inGroup('frequent').map((action) => (
        <Button
          key={action.id}
          variant="secondary"
          isDisabled={!isActionEnabled(action, selectedCount)}
          onPress={action.onAction}
          {...preloadOnIntent(action.preload)}
        >
          {action.label}
        </Button>
      ))}
      {(['add', 'more'] as const).map((group) =>
        inGroup(group).length > 0 ? (
          <Suspense
            key={group}
            fallback={
              <Button variant="secondary" className="menu-button" isDisabled>
                {MENU_LABELS[group]}
                <span aria-hidden="true">▾</span>
              </Button>
            }
          >
            <ActionMenu
              label={MENU_LABELS[group]}
              items={inGroup(group).map((action) => ({
                id: action.id,
                label: action.label,
                isDisabled: !isActionEnabled(action, selectedCount),
                preload: action.preload,
              }))}
              onAction={run}
            />
          </Suspense>
        ) : null,
      )}
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
