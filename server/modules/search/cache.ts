import { LRUCache } from 'lru-cache';

export interface AnswerCacheOptions<V> {
  /** How long a value is reused; 0 turns caching (and sharing in-flight work) off. */
  ttlMs: number;
  max: number;
  /** With `maxSize`, bounds memory rather than only the number of entries. */
  sizeOf?: (value: V) => number;
  maxSize?: number;
}

/**
 * Recent values by key, with concurrent requests for a missing key sharing one computation
 * (fifty shoppers typing `whey` at once cost one query, not fifty).
 */
export class AnswerCache<V extends object | string> {
  private readonly entries: LRUCache<string, V> | null;
  private readonly inFlight = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(options: AnswerCacheOptions<V>) {
    this.entries =
      options.ttlMs > 0
        ? new LRUCache<string, V>({
            max: options.max,
            ttl: options.ttlMs,
            ...(options.sizeOf && options.maxSize
              ? { sizeCalculation: options.sizeOf, maxSize: options.maxSize }
              : {}),
          })
        : null;
  }

  /** `key` may be a function: it is then worked out only when the cache is on. */
  async get(keyOf: string | (() => string), compute: () => Promise<V>): Promise<V> {
    if (!this.entries) return compute();
    const key = typeof keyOf === 'string' ? keyOf : keyOf();
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = compute().finally(() => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    });
    this.inFlight.set(key, promise);
    const value = await promise;
    // A clear() while computing means the catalog changed: a value built before it is not kept.
    if (generation === this.generation) this.entries.set(key, value);
    return value;
  }

  clear(): void {
    this.generation++;
    this.entries?.clear();
    this.inFlight.clear();
  }
}
