// The table's keyboard, as the WAI-ARIA grid pattern has it (https://www.w3.org/WAI/ARIA/apg/patterns/grid/): the
// grid is one Tab stop; the arrows, Home, End, Page Up and Page Down move between its cells, and focus lands on a
// cell's control (its checkbox, link, sort button) or on the cell itself. Space on a row's cell ticks the row; Enter
// opens the row, as its key link does (the link in its row header, else the table's `onOpen`). The focus moves in the
// DOM alone: no React state, so moving never re-renders a row. The cells' controls keep their place in the Tab order
// (rewriting a tabindex on each of a 500-row page's controls costs more than the page): the grid itself is the Tab stop
// (`tabIndex={0}` on the table), Tab and Shift+Tab leave the grid from wherever focus is, and focus arriving by the
// keyboard goes on to the last cell focused, as react-aria's collections do.
import { type FocusEvent, type KeyboardEvent, useCallback, useRef } from 'react';

const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]:not(td):not(th)';
const PAGE_ROWS = 10;

const controlsOf = (cell: HTMLTableCellElement): HTMLElement[] =>
  [...cell.querySelectorAll<HTMLElement>(CONTROLS)].filter((control) => !control.hasAttribute('disabled'));
const cellOf = (element: Element | null): HTMLTableCellElement | null => element?.closest<HTMLTableCellElement>('td, th') ?? null;

// What Enter leaves to the focused control: a link or a button does its own, a field takes the key.
const OWN_ENTER = 'a[href], button, select, textarea, input:not([type="checkbox"])';

/**
 * The grid's focus handlers: `onFocus` and `onKeyDown` of the table element. `onOpen` opens a body row (by its place
 * in the body) whose row header holds no link; `focusRow` puts the focus on a body row from outside the grid.
 */
export function useGridKeyboard(onOpen?: (bodyRow: number) => void) {
  // The last cell focused, kept as the grid's cells change under it (a new page keeps the row and column).
  const position = useRef({ row: 0, column: 0 });

  const cellAt = useCallback((table: HTMLTableElement, row: number, column: number): HTMLTableCellElement | null => {
    const rows = table.rows;
    const tableRow = rows[Math.max(0, Math.min(row, rows.length - 1))];
    if (!tableRow || tableRow.cells.length === 0) return null;
    return tableRow.cells[Math.max(0, Math.min(column, tableRow.cells.length - 1))] ?? null;
  }, []);

  // A press focuses what it presses; only the keyboard's arrival is sent to the last cell focused.
  const pressing = useRef(false);
  // Tab leaves the grid by way of its last control, Shift+Tab by way of the grid itself (the Tab stop before its cells).
  const leaving = useRef(false);
  const onPointerDown = useCallback(() => {
    pressing.current = true;
  }, []);

  const onFocus = useCallback(
    (event: FocusEvent<HTMLTableElement>) => {
      const table = event.currentTarget;
      const target = event.target as HTMLElement;
      const from = event.relatedTarget as Node | null;
      const pressed = pressing.current;
      pressing.current = false;
      const leavingNow = leaving.current;
      leaving.current = false;
      // On the way out (Tab, Shift+Tab): the last cell focused stays the one the user left.
      if (leavingNow) return;
      const arriving = !from || !table.contains(from);
      const last = () => [...table.querySelectorAll<HTMLElement>(CONTROLS)].filter((control) => control.tabIndex >= 0).at(-1);
      // The grid itself focused (Tab reaching it, a script), or its last control by Shift+Tab from after it: focus goes
      // on to the last cell focused.
      if (!pressed && (target === table || (arriving && target === last()))) {
        const cell = cellAt(table, position.current.row, position.current.column);
        const stop = cell ? (controlsOf(cell)[0] ?? cell) : null;
        if (stop && stop !== target) {
          stop.focus();
          return;
        }
      }
      const cell = cellOf(target);
      const row = cell?.parentElement as HTMLTableRowElement | null;
      if (cell && row) position.current = { row: row.rowIndex, column: cell.cellIndex };
    },
    [cellAt],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableElement>) => {
      const table = event.currentTarget;
      const target = event.target as HTMLElement;
      const cell = cellOf(target);
      const row = cell?.parentElement as HTMLTableRowElement | null;
      if (!cell || !row) return;
      if (event.key === 'Tab') {
        // Out of the grid: from the grid itself (Shift+Tab) or its last control (Tab), the browser's Tab goes on.
        const controls = [...table.querySelectorAll<HTMLElement>(CONTROLS)].filter((control) => control.tabIndex >= 0);
        const edge = event.shiftKey ? table : controls.at(-1);
        if (edge && edge !== target) {
          leaving.current = true;
          edge.focus({ preventScroll: true });
        }
        return;
      }
      if (event.key === ' ' && !target.matches('input, button, select, textarea')) {
        // Space on a row's cell ticks the row, as on its checkbox (Shift too: a range).
        const checkbox = row.querySelector<HTMLInputElement>('input[type="checkbox"]');
        if (checkbox && row.parentElement?.tagName === 'TBODY') {
          event.preventDefault();
          checkbox.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: event.shiftKey }));
        }
        return;
      }
      if (event.key === 'Enter' && !target.matches(OWN_ENTER) && row.parentElement?.tagName === 'TBODY') {
        // Enter on a row opens it: its key link clicked (the router follows it), else the table's own page for it.
        const link = row.querySelector<HTMLAnchorElement>('[role="rowheader"] a[href]');
        event.preventDefault();
        if (link) link.click();
        else onOpen?.([...row.parentElement.children].indexOf(row));
        return;
      }
      const controls = controlsOf(cell);
      const inCell = controls.indexOf(target);
      let next: HTMLElement | null = null;
      const move = (rowIndex: number, columnIndex: number) => {
        const found = cellAt(table, rowIndex, columnIndex);
        return found && found !== cell ? (controlsOf(found)[0] ?? found) : null;
      };
      const last = table.rows.length - 1;
      switch (event.key) {
        case 'ArrowRight':
          // A cell of several controls (two download links): through them first.
          next = inCell >= 0 && inCell < controls.length - 1 ? (controls[inCell + 1] ?? null) : move(row.rowIndex, cell.cellIndex + 1);
          break;
        case 'ArrowLeft':
          next = inCell > 0 ? (controls[inCell - 1] ?? null) : move(row.rowIndex, cell.cellIndex - 1);
          break;
        case 'ArrowDown':
          next = move(row.rowIndex + 1, cell.cellIndex);
          break;
        case 'ArrowUp':
          next = move(row.rowIndex - 1, cell.cellIndex);
          break;
        case 'PageDown':
          next = move(row.rowIndex + PAGE_ROWS, cell.cellIndex);
          break;
        case 'PageUp':
          next = move(row.rowIndex - PAGE_ROWS, cell.cellIndex);
          break;
        case 'Home':
          next = event.ctrlKey ? move(0, 0) : move(row.rowIndex, 0);
          break;
        case 'End':
          next = event.ctrlKey ? move(last, Number.MAX_SAFE_INTEGER) : move(row.rowIndex, Number.MAX_SAFE_INTEGER);
          break;
        default:
          return;
      }
      event.preventDefault();
      next?.focus();
    },
    [cellAt, onOpen],
  );

  // From the search box's ArrowDown: a row of the body (or its empty state's Clear search), in the column last focused.
  const focusRow = useCallback(
    (table: HTMLTableElement | null, bodyRow: number) => {
      const row = table?.querySelector(':scope > tbody')?.children[bodyRow] as HTMLTableRowElement | undefined;
      const cell = table && row ? cellAt(table, row.rowIndex, position.current.column) : null;
      if (cell) (controlsOf(cell)[0] ?? cell).focus();
    },
    [cellAt],
  );

  return { onFocus, onKeyDown, onPointerDown, focusRow };
}
