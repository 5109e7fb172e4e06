import { Menu, MenuItem, type Selection } from 'react-aria-components';
import { MenuPopover } from './menu.tsx';

export interface ColumnMenuProps {
  /** The columns the coach may show or hide, in the table's order. */
  columns: readonly { id: string; label: string }[];
  hidden: ReadonlySet<string>;
  onHiddenChange: (hidden: ReadonlySet<string>) => void;
}

/**
 * The Columns button of a table: a list of its columns, each checked while shown (menuitemcheckbox); choosing one shows
 * or hides it and keeps the list open. Its own module so that a table loads it after its first paint (`default`).
 */
export function ColumnMenu({ columns, hidden, onHiddenChange }: ColumnMenuProps) {
  const shown = columns.filter((column) => !hidden.has(column.id)).map((column) => column.id);
  const onSelectionChange = (keys: Selection) => {
    if (keys === 'all') return onHiddenChange(new Set());
    onHiddenChange(new Set(columns.filter((column) => !keys.has(column.id)).map((column) => column.id)));
  };
  return (
    <MenuPopover label="Columns">
      <Menu className="menu" items={columns} selectionMode="multiple" selectedKeys={shown} onSelectionChange={onSelectionChange}>
        {(column) => (
          <MenuItem id={column.id} className="menu__item" textValue={column.label}>
            {column.label}
          </MenuItem>
        )}
      </Menu>
    </MenuPopover>
  );
}

export default ColumnMenu;
