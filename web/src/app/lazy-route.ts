import { type ComponentType, lazy } from 'react';

/** A route module exports `Component`; each becomes its own chunk, loaded when its path is first visited. */
export const lazyRoute = (load: () => Promise<{ Component: ComponentType }>) => lazy(async () => ({ default: (await load()).Component }));
