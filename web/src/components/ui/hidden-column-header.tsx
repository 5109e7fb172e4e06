import type { ReactNode } from 'react';

/**
 * A column's header that screen readers read and the page does not show: a column of buttons or links needs a name
 * for the cells it heads, not a visible title.
 */
export function HiddenColumnHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col">
      <span className="visually-hidden">{children}</span>
    </th>
  );
}
