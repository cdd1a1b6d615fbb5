import { createElement, startTransition, useEffect, useState, type ComponentType } from 'react';

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
    // Started in a task of its own: a page mounts several lazy parts at once, and starting each
    // import (the bundler's preload of its files) inside the commit would make one long task.
    const start = setTimeout(() => {
      void load().then((module) => {
        // As a transition: React renders the arrived part in slices that leave the main thread
        // free in between, where an ordinary update would render it, and whatever else arrived
        // in the same task, in one long task.
        if (live) startTransition(() => setLoaded(() => module));
      });
    }, 0);
    return () => {
      live = false;
      clearTimeout(start);
    };
  }, [load]);
  return loaded;
}

/**
 * A component whose code is a chunk fetched once the page has started (useChunk): nothing in the
 * server's HTML nor in the first render, then the component. For parts that show nothing until
 * something happens in the browser (a banner, an offer, a listener): they stay off the first page's
 * JavaScript and out of hydration.
 */
export function partLoadedLater<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return function PartLoadedLater(props: P) {
    const Part = useChunk(load);
    return Part ? createElement(Part, props) : null;
  };
}
