import { useEffect, useState } from 'react';

/**
 * A code chunk fetched as the component mounts and held in state: null until it arrives. For parts
 * of a page that open later (a dialog), so they stay off the first page's JavaScript yet are ready
 * long before a tap opens them. Held in state rather than behind Suspense, so showing the part
 * never waits on React's reveal timers. `load` must be the same function on every render (declare
 * it at module level).
 */
export function useChunk<M>(load: () => Promise<M>): M | null {
  const [loaded, setLoaded] = useState<M | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((module) => {
      if (live) setLoaded(() => module);
    });
    return () => {
      live = false;
    };
  }, [load]);
  return loaded;
}
