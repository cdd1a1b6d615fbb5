/**
 * Rendered pages kept in memory, so a page many visitors open is rendered once, not once each: a
 * render costs about 11-13 ms of CPU, which caps one process at under a hundred pages a second.
 *
 * A page is the same for everyone, so one copy serves all. It is dropped when the catalog changes
 * (any product, its stock included: every listing and product page may show it), and in any case
 * after the time given (what else a page shows, such as the taxonomy, is at most that old — the
 * same age a shared cache may serve it at). Visitors asking for a page being rendered wait for that
 * render instead of starting their own.
 */
import { LRUCache } from 'lru-cache';

/** At most this much HTML is kept: a product page is about 60 KB, a listing about 110 KB. */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** What an entry costs beyond its HTML, counted against the limit. */
const ENTRY_OVERHEAD_BYTES = 200;

export class PageCache<T extends object> {
  private readonly entries: LRUCache<string, T> | null;
  private readonly rendering = new Map<string, Promise<T>>();
  /** Bumped by every catalog change: a render begun before it is not kept. */
  private generation = 0;

  /** `ttlMs` 0 keeps nothing: every request renders. `sizeOf` a page: its HTML's length. */
  constructor(options: { ttlMs: number; sizeOf: (page: T) => number; maxBytes?: number }) {
    this.entries =
      options.ttlMs > 0
        ? new LRUCache<string, T>({
            maxSize: options.maxBytes ?? PAGE_CACHE_MAX_BYTES,
            sizeCalculation: (page) => options.sizeOf(page) + ENTRY_OVERHEAD_BYTES,
            ttl: options.ttlMs,
          })
        : null;
  }

  /**
   * The page kept for `key`, the one being rendered for it, or a new render; kept when
   * `cacheable` says so (a 200 page, not an error or a not-found page).
   */
  get(key: string, render: () => Promise<T>, cacheable: (page: T) => boolean): Promise<T> {
    const entries = this.entries;
    if (!entries) return render();
    const kept = entries.get(key);
    if (kept) return Promise.resolve(kept);
    const pending = this.rendering.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const rendered = render()
      .then((page) => {
        if (generation === this.generation && cacheable(page)) entries.set(key, page);
        return page;
      })
      .finally(() => {
        if (this.rendering.get(key) === rendered) this.rendering.delete(key);
      });
    this.rendering.set(key, rendered);
    return rendered;
  }

  /** A catalog change: every page kept, and every render under way, may show what changed. */
  catalogChanged(): void {
    this.generation++;
    this.entries?.clear();
    this.rendering.clear();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
