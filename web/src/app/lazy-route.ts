import type { ComponentType } from 'react';
import { lazyWithPreload, type Preloadable } from '../lib/lazy-with-preload.ts';

/**
 * A route module exports `Component`; each becomes its own chunk, loaded when its path is first visited or before,
 * by `preload()`. A route fetched before renders in the same commit as the navigation: React shows a screen that
 * suspended no sooner than 300 ms after its fallback, so a route that suspends costs that much however fast its chunk.
 */
export const lazyRoute = (load: () => Promise<{ Component: ComponentType }>): Preloadable<object> =>
  lazyWithPreload(async () => ({ default: (await load()).Component }));
