import { LRUCache } from 'lru-cache';
import type { CatalogChange } from '../../plugins/catalog-changes.ts';
import { etagOf } from '../../lib/conditional.ts';

export interface CachedRead {
  body: string;
  etag: string;
}

interface Entry extends CachedRead {
  /** The products the answer shows, or 'any' when any product change may alter it. */
  dependsOn: ReadonlySet<string> | 'any';
}

/**
 * Catalog answers (product pages, collections, taxonomy) kept as the JSON text sent, with its
 * ETag. Exact rather than timed: the catalog change feed drops an answer as soon as a product it
 * shows changes, in this instance or any other, so a page is never older than the database.
 */
export class CatalogReadCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Bumped by every change: an answer read before it is not kept. */
  private generation = 0;

  constructor(options: { maxBytes: number }) {
    this.entries = new LRUCache<string, Entry>({
      max: 50_000,
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => entry.body.length + 200,
    });
  }

  /**
   * The cached answer for `key`, or the one `read` produces (null when there is none, say an
   * unknown slug: never cached). `read` returns the body and the products it depends on.
   */
  async get(
    key: string,
    read: () => Promise<{ body: string; dependsOn: Iterable<string> | 'any' } | null>,
  ): Promise<CachedRead | null> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const fresh = await read();
    if (!fresh) return null;
    const entry: Entry = {
      body: fresh.body,
      etag: etagOf(fresh.body),
      dependsOn: fresh.dependsOn === 'any' ? 'any' : new Set(fresh.dependsOn),
    };
    if (generation === this.generation) this.entries.set(key, entry);
    return entry;
  }

  apply(change: CatalogChange): void {
    this.generation++;
    if (change === 'all') {
      this.entries.clear();
      return;
    }
    for (const [key, { dependsOn }] of this.entries.entries()) {
      if (dependsOn === 'any' || change.some((id) => dependsOn.has(id))) {
        this.entries.delete(key);
      }
    }
  }
}
