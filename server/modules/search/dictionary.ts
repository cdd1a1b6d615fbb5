/**
 * The catalog's vocabulary, held in memory for typo correction. Edit distance (with
 * transpositions) catches the slips shoppers make on short words — `wehy` → whey — that trigram
 * similarity misses, and a sorted array answers "is this a prefix of a catalog word?" in
 * O(log n) while a shopper is still typing.
 */
export class Dictionary {
  private readonly sorted: string[];
  private readonly frequency: Map<string, number>;
  /** Corrections already worked out: the same few typos come back again and again. */
  private readonly memo = new Map<string, string[]>();

  constructor(entries: Iterable<{ term: string; frequency: number }>) {
    this.frequency = new Map();
    for (const { term, frequency } of entries) this.frequency.set(term, frequency);
    this.sorted = [...this.frequency.keys()].sort();
  }

  get size(): number {
    return this.sorted.length;
  }

  /** Whether some catalog word starts with (or is) `prefix`. */
  hasPrefix(prefix: string): boolean {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.sorted[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    return low < this.sorted.length && this.sorted[low]!.startsWith(prefix);
  }

  /**
   * Catalog words a misspelt token probably meant: nothing for short tokens (too ambiguous) or
   * for tokens that already begin a catalog word; otherwise the closest words within one edit
   * (four or five letters) or two edits (longer), most frequent first.
   */
  corrections(token: string, max = 3): string[] {
    const key = `${max}:${token}`;
    let found = this.memo.get(key);
    if (!found) {
      found = this.closest(token, max);
      if (this.memo.size >= 10_000) this.memo.clear();
      this.memo.set(key, found);
    }
    return found;
  }

  private closest(token: string, max: number): string[] {
    if (token.length < 4 || /^\d+$/.test(token) || this.hasPrefix(token)) return [];
    const budget = token.length <= 5 ? 1 : 2;
    const found: { term: string; distance: number; frequency: number }[] = [];
    for (const term of this.sorted) {
      if (Math.abs(term.length - token.length) > budget) continue;
      const distance = editDistance(token, term, budget);
      if (distance <= budget) {
        found.push({ term, distance, frequency: this.frequency.get(term) ?? 0 });
      }
    }
    found.sort(
      (a, b) => a.distance - b.distance || b.frequency - a.frequency || (a.term < b.term ? -1 : 1),
    );
    return found.slice(0, max).map((entry) => entry.term);
  }
}

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions and adjacent
 * transpositions), giving up early with `limit + 1` once every path exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  let before = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  let current = new Array<number>(cols).fill(0);
  for (let i = 1; i < rows; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[cols - 1]!;
}
