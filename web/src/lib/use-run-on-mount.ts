import { useEffect, useRef } from 'react';

/** Runs `run` once, when the component mounts (StrictMode's second mount does not repeat it). */
export function useRunOnMount(run: () => void) {
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs once, with what the component was started with.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, []);
}
