import { type RefObject, startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The rows of a new page painted first, more than the table's window shows; the rest of a long page (up to 500) are
 * rendered once those are on screen, in a transition that a click or a key interrupts.
 */
const FIRST_ROWS = 50;

/**
 * How many of the page's rows to render: a new page (`shownKey`: page, size, sort, search, filter) shows its first
 * rows, then the rest; the same page asked again (after an action) shows them all. A new page also opens at its first
 * row with the header in view.
 */
export function usePacedRows(rowCount: number | undefined, shownKey: string, scrollRef: RefObject<HTMLDivElement | null>) {
  const lastShownKey = useRef(shownKey);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || shownKey === lastShownKey.current) return;
    lastShownKey.current = shownKey;
    scroller.scrollTop = 0;
    if (scroller.getBoundingClientRect().top < Number.parseFloat(getComputedStyle(scroller).scrollMarginTop || '0')) {
      scroller.scrollIntoView({ block: 'start' });
    }
  }, [shownKey, scrollRef]);

  const [complete, setComplete] = useState({ key: shownKey, all: false });
  if (complete.key !== shownKey) setComplete({ key: shownKey, all: false });
  const shownCount = rowCount === undefined ? 0 : complete.key === shownKey && complete.all ? rowCount : Math.min(rowCount, FIRST_ROWS);
  const isComplete = rowCount === undefined || shownCount === rowCount;
  useEffect(() => {
    if (isComplete) return;
    // After the first rows' frame is painted (an animation frame runs before it, a timer after it).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setComplete({ key: shownKey, all: true })));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isComplete, shownKey]);
  return { shownCount, isComplete };
}
