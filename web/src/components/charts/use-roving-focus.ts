import { type KeyboardEvent, useRef, useState } from 'react';

/**
 * One Tab stop for a chart's points, the arrows between them (Home and End to the ends): the point with the focus is
 * the one a tooltip names. `active` is the point shown (hovered or focused), null when none.
 */
export function useRovingFocus(count: number) {
  const [current, setCurrent] = useState(Math.max(0, count - 1));
  const [active, setActive] = useState<number | null>(null);
  const refs = useRef<(SVGElement | HTMLElement | null)[]>([]);
  const stop = Math.min(current, Math.max(0, count - 1));
  const move = (to: number) => {
    const next = Math.max(0, Math.min(count - 1, to));
    setCurrent(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const to = { ArrowRight: stop + 1, ArrowDown: stop + 1, ArrowLeft: stop - 1, ArrowUp: stop - 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(to);
  };
  const pointProps = (index: number) => ({
    ref: (element: SVGElement | HTMLElement | null) => {
      refs.current[index] = element;
    },
    tabIndex: index === stop ? 0 : -1,
    onKeyDown,
    onFocus: () => {
      setCurrent(index);
      setActive(index);
    },
    onBlur: () => setActive(null),
    onMouseEnter: () => setActive(index),
    onMouseLeave: () => setActive(null),
  });
  return { active, pointProps };
}
