/**
 * `load` shared by every caller: the first call starts it and later ones get the same promise, so
 * a module many components ask for (the wishlist's, by every heart on a page) is imported once,
 * not once per component. After a failure (offline, say) the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
