/**
 * The word index of the catalog: for each word, the documents holding it and in which fields
 * (a bit per field), and the words kept sorted so that every word beginning with a prefix is one
 * contiguous range found by binary search. Matching a query touches only the postings of the
 * words it names, in tight loops over small integers: a two-letter prefix matching half the
 * catalog costs a few milliseconds at 200,000 products, where a general-purpose engine scoring
 * every match (BM25, match details per document) took over a hundred at 20,000.
 */
export class Postings {
  /** Every word, sorted … */
  private words: string[] = [];
  /** … and each one's postings, at the same position (a query reads them without hashing). */
  private sortedLists: number[][] = [];
  private sorted = true;
  /** Per word: `doc << FIELD_BITS | fields` for each document holding it. */
  private readonly lists = new Map<string, number[]>();
  /** One more than the highest document number seen. */
  size = 0;
  /**
   * Per query word, a byte per document, reused from query to query: allocating them afresh
   * (hundreds of kilobytes per query at 100,000 products) made the garbage collector run
   * constantly. Valid until the next call of `match`, as are the documents it returns.
   */
  private readonly scratch: Uint8Array[] = [];
  private docs = new Int32Array(0);

  /** Indexes a document's fields, each a text of words separated by single spaces. */
  add(doc: number, fields: readonly string[]): void {
    const found = new Map<string, number>();
    fields.forEach((text, field) => {
      for (const word of text.split(' ')) {
        if (word) found.set(word, (found.get(word) ?? 0) | (1 << field));
      }
    });
    for (const [word, bits] of found) {
      let list = this.lists.get(word);
      if (!list) {
        list = [];
        this.lists.set(word, list);
        this.words.push(word);
        this.sorted = false;
      }
      list.push((doc << FIELD_BITS) | bits);
    }
    if (doc >= this.size) this.size = doc + 1;
  }

  /**
   * For each group of alternatives (a query word and its corrections), the fields in which each
   * document matches any of them: a word of two letters or more matches the words it begins,
   * a single letter or digit only itself. Returns the documents matching every group, each once
   * and in no particular order, with, per group, the field bits they matched in
   * (`fields[group][doc]`); both are valid until the next call.
   */
  match(groups: readonly (readonly string[])[]): { docs: Int32Array; fields: Uint8Array[] } {
    this.sortWords();
    if (this.docs.length < this.size) this.docs = new Int32Array(Math.ceil(this.size * 1.25));
    // Each group's ranges of words, and how many postings walking them costs.
    const ranges = groups.map((alternatives) => alternatives.map((word) => this.range(word)));
    const costs = ranges.map((spans) => {
      let postings = 0;
      for (const [from, to] of spans) {
        for (let w = from; w < to; w++) postings += this.sortedLists[w]!.length;
      }
      return postings;
    });
    // The group with the fewest postings lists the candidates: fewer to check against the
    // others. A group matching nothing means no document matches every group: nothing to walk.
    let smallest = 0;
    for (let g = 1; g < groups.length; g++) if (costs[g]! < costs[smallest]!) smallest = g;
    const fields = groups.map((_, g) => this.zeroed(g));
    if (groups.length === 0 || costs[smallest] === 0) {
      return { docs: this.docs.subarray(0, 0), fields };
    }
    const first = this.docs;
    // Many candidates are listed in document order, by a scan of the collecting group's bytes
    // after the walk, so that the reads by document that follow go forward through memory; a
    // few are listed as the walk meets them.
    const inOrder = costs[smallest]! * DENSE > this.size;
    let found = 0;
    for (let g = 0; g < groups.length; g++) {
      const bits = fields[g]!;
      const collect = g === smallest && !inOrder;
      for (const [from, to] of ranges[g]!) {
        for (let w = from; w < to; w++) {
          const list = this.sortedLists[w]!;
          for (let i = 0; i < list.length; i++) {
            const posting = list[i]!;
            const doc = posting >>> FIELD_BITS;
            if (collect && bits[doc] === 0) first[found++] = doc;
            bits[doc]! |= posting & FIELD_MASK;
          }
        }
      }
    }
    if (inOrder) {
      const bits = fields[smallest]!;
      const words = new Uint32Array(bits.buffer, bits.byteOffset, bits.length >>> 2);
      const end = Math.min(words.length, (this.size + 3) >>> 2);
      for (let w = 0; w < end; w++) {
        const four = words[w]!;
        if (four === 0) continue;
        // Each of the four documents is written, and kept (counted) when its byte is set:
        // no branch to mispredict per document.
        const doc = w << 2;
        first[found] = doc;
        found += ((four & 0xff) + 0xff) >>> 8;
        first[found] = doc + 1;
        found += (((four >>> 8) & 0xff) + 0xff) >>> 8;
        first[found] = doc + 2;
        found += (((four >>> 16) & 0xff) + 0xff) >>> 8;
        first[found] = doc + 3;
        found += ((four >>> 24) + 0xff) >>> 8;
      }
    }
    if (groups.length === 1) return { docs: first.subarray(0, found), fields };
    // The candidates that every other group matched too.
    let kept = 0;
    for (let i = 0; i < found; i++) {
      const doc = first[i]!;
      let all = true;
      for (let g = 0; g < fields.length && all; g++) all = fields[g]![doc] !== 0;
      if (all) first[kept++] = doc;
    }
    return { docs: first.subarray(0, kept), fields };
  }

  /** Scratch byte array `slot`, zeroed over every document (a memset: cheaper than tracking). */
  private zeroed(slot: number): Uint8Array {
    let bytes = this.scratch[slot];
    if (!bytes || bytes.length < this.size) {
      // Whole four-byte words, read four documents at a time when listing candidates.
      bytes = new Uint8Array(Math.ceil((this.size * 1.25) / 4) * 4);
      this.scratch[slot] = bytes;
    } else {
      bytes.fill(0, 0, this.size);
    }
    return bytes;
  }

  /** The words an alternative matches, as a range of the sorted words. */
  private range(alternative: string): [number, number] {
    const from = lowerBound(this.words, alternative);
    if (alternative.length < 2) {
      return this.words[from] === alternative ? [from, from + 1] : [from, from];
    }
    // Every word beginning with the alternative sorts before the alternative followed by the
    // highest character.
    return [from, lowerBound(this.words, `${alternative}\uffff`, from)];
  }

  private sortWords(): void {
    if (this.sorted) return;
    this.words.sort();
    this.sortedLists = this.words.map((word) => this.lists.get(word)!);
    this.sorted = true;
  }
}

const FIELD_BITS = 4;
/** Candidates are listed in document order when more than one document in this many has one. */
const DENSE = 16;
const FIELD_MASK = (1 << FIELD_BITS) - 1;

/** The first position at or after `low` whose word is not below `key`. */
function lowerBound(sorted: readonly string[], key: string, low = 0): number {
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < key) low = mid + 1;
    else high = mid;
  }
  return low;
}
