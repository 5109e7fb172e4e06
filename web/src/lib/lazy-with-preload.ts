import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A part loaded when first rendered, whose chunk can also be fetched before: on the intent to open it. */
export type Preloadable<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts fetching the chunk (once); a failure is left to the render, which tries again and reports it. */
  preload: () => void;
};

/**
 * React.lazy with `preload()`: a dialog's chunk starts loading when the pointer rests on, or the keyboard reaches,
 * the button that opens it (`preloadOnIntent`), so that it is usually there by the press.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchChunk = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed fetch (e.g. the network on hover) is not kept: the next attempt fetches again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // Once fetched, React gets a thenable that answers at once: the part renders in the same commit as the
  // press that asked for it, with no frame of the fallback.
  const Component = lazy(() => {
    const module = loaded;
    if (!module) return fetchChunk();
    // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable; this one resolves synchronously on purpose.
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
  });
  return Object.assign(Component, {
    preload: () => {
      fetchChunk().catch(() => undefined);
    },
  });
}

/** The props of a button (or menu item) that preload what it opens: hovering it or focusing it. */
export function preloadOnIntent(preload: (() => void) | undefined): { onHoverStart?: () => void; onFocus?: () => void } {
  return preload ? { onHoverStart: preload, onFocus: preload } : {};
}

/**
 * Runs `preload` once the browser has nothing else to do (a second at the latest), for a part the user will most
 * likely open next; returns the cancel for an effect's cleanup.
 */
export function preloadWhenIdle(preload: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(preload, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(preload, 1000);
  return () => clearTimeout(handle);
}
