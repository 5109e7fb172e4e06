import { type RefObject, useEffect } from 'react';

/** Room left between the field and the floating bar above it. */
const GAP_PX = 16;

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Keeps the field being edited clear of a floating bar at the bottom of the window (the profile's Save Changes):
 * while the bar shows, the page's bottom scroll padding reaches above it, so the browser's own scrolling to a
 * focused field stops there; and whenever the bar appears or grows (a message in it), or a field takes the focus,
 * the field last focused outside the bar is scrolled up out from under it, with what belongs to it (its label,
 * its message, a live status under it): the first of `groups` (selectors, widest first) it lies in.
 */
export function useFieldsClearOf(bar: RefObject<HTMLElement | null>, shown: boolean, groups: readonly string[]): void {
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const active = document.activeElement;
    let field: Element | null = active && active !== document.body && !element.contains(active) ? active : null;

    const keepClear = () => {
      const box = element.getBoundingClientRect();
      root.style.scrollPaddingBottom = `${Math.max(0, window.innerHeight - box.top) + GAP_PX}px`;
      const area = groups.map((group) => field?.closest(group)).find(Boolean) ?? field;
      if (area?.isConnected && overlaps(box, area.getBoundingClientRect())) area.scrollIntoView({ block: 'nearest' });
    };
    const onFocus = (event: FocusEvent) => {
      if (!(event.target instanceof Element) || element.contains(event.target)) return;
      field = event.target;
      keepClear();
    };

    keepClear();
    document.addEventListener('focusin', onFocus);
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(keepClear);
    resized?.observe(element);
    return () => {
      resized?.disconnect();
      document.removeEventListener('focusin', onFocus);
      root.style.scrollPaddingBottom = '';
    };
  }, [bar, shown, groups]);
}
