import type { Key } from 'react';
import { Menu, MenuItem } from 'react-aria-components';
import { preloadOnIntent } from '../../lib/lazy-with-preload.ts';
import { MenuPopover } from './menu.tsx';

export interface ActionMenuItem {
  id: string;
  label: string;
  isDisabled?: boolean;
  /** Fetches what the command opens ahead of the press (the item hovered or reached by the arrow keys). */
  preload?: () => void;
}

export interface ActionMenuProps {
  label: string;
  items: readonly ActionMenuItem[];
  onAction: (id: string) => void;
  /** 'primary' for the menu holding the screen's primary action (a table's Add). */
  variant?: 'primary' | 'secondary';
}

/**
 * A button opening a list of commands (a toolbar's Add or More dropdown); disabled commands stay
 * listed. Its own module so that a screen can load it after its first paint (`default` export).
 */
export function ActionMenu({ label, items, onAction, variant }: ActionMenuProps) {
  const disabledKeys = items.filter((item) => item.isDisabled).map((item) => item.id);
  return (
    <MenuPopover label={label} variant={variant}>
      <Menu className="menu menu--actions" items={items} disabledKeys={disabledKeys} onAction={(key: Key) => onAction(String(key))}>
        {(item) => (
          <MenuItem id={item.id} className="menu__item" textValue={item.label} {...preloadOnIntent(item.preload)}>
            {item.label}
          </MenuItem>
        )}
      </Menu>
    </MenuPopover>
  );
}

export default ActionMenu;
