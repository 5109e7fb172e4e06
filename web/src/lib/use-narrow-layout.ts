import { useSyncExternalStore } from 'react';
import { NARROW_BREAKPOINT_PX } from '../config/build.ts';

// spec: public-and-guest §9, narrow below 800 px (the same breakpoint for every screen).
const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is narrower than the breakpoint, following resizes. */
export function useNarrowLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
