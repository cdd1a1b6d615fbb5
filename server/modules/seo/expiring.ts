import type { Clock } from '../../lib/clock.ts';

/**
 * A value built on demand and reused for a fixed time. Readers that arrive while it is being
 * built share that one build (a crawler fetching every child at once makes one set of queries),
 * and a build that fails is forgotten, so the next reader tries again.
 */
export class Expiring<T> {
  private current: { value: Promise<T>; builtAt: number } | null = null;

  constructor(
    private readonly build: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly clock: Clock,
  ) {}

  get(): Promise<T> {
    const now = this.clock().getTime();
    if (this.current && now - this.current.builtAt < this.ttlMs) return this.current.value;
    const entry = { value: this.build(), builtAt: now };
    this.current = entry;
    entry.value.catch(() => {
      if (this.current === entry) this.current = null;
    });
    return entry.value;
  }
}
