import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, type Selection } from 'react-aria-components';
import './menu.css';

export interface MenuOption {
  id: string;
  label: string;
}

export interface MenuButtonProps {
  /** The button's text. */
  label: ReactNode;
  items: readonly MenuOption[];
  /** The chosen item, announced as checked (menuitemradio). */
  selectedKey: string;
  onSelect: (id: string) => void;
}

/** A button that opens a list to choose one item from (arrow keys, typeahead, Esc closes). */
export function MenuButton({ label, items, selectedKey, onSelect }: MenuButtonProps) {
  const onSelectionChange = (keys: Selection) => {
    if (keys === 'all') return;
    const [key] = [...keys];
    if (key !== undefined) onSelect(String(key));
  };
  return (
    <MenuPopover label={label}>
      <Menu
        className="menu"
        items={items}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[selectedKey]}
        onSelectionChange={onSelectionChange}
      >
        {(item) => (
          <MenuItem id={item.id} className="menu__item" textValue={item.label}>
            {item.label}
          </MenuItem>
        )}
      </Menu>
    </MenuPopover>
  );
}

/**
 * The button with its ▾ and the popover it opens: the frame of every menu (`MenuButton`, `ActionMenu`); a secondary
 * button unless it holds the screen's primary action (a table's Add menu).
 */
export function MenuPopover({
  label,
  children,
  variant = 'secondary',
}: {
  label: ReactNode;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <MenuTrigger>
      <Button className={`btn btn--${variant} menu-button`}>
        {label}
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="popover menu-popover" placement="bottom start">
        {children}
      </Popover>
    </MenuTrigger>
  );
}
