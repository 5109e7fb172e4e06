import { useEffect, useRef, useState } from 'react';

/** Keys that the focused element takes for itself: a text field's, a dialog's, a menu's or a list's. */
function takesKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.matches('textarea, select')) return true;
  if (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)) return true;
  return target.closest('[role="dialog"], [role="alertdialog"], dialog, [role="menu"], [role="listbox"]') !== null;
}

/** The table's page-wide keys: `/` focuses the search box, `?` opens the shortcuts dialog. */
export function useTableShortcuts() {
  const searchRef = useRef<HTMLInputElement>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // One table answers (the first, where a screen has two); a key typed into a field, a dialog or a menu is theirs.
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || takesKeys(event.target)) return;
      if (event.key === '/') searchRef.current?.focus();
      else if (event.key === '?') setShowShortcuts(true);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return { searchRef, showShortcuts, closeShortcuts: () => setShowShortcuts(false) };
}
