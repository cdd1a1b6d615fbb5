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
  /**
   * … and their postings, word after word in one array: the postings of word `w` are
   * `flat[offsets[w]]` up to `flat[offsets[w + 1]]`, so the words beginning with a prefix, one
   * range of `words`, have their postings in one stretch of `flat`, walked without a per-word
   * step, and counted by a subtraction.
   */
  private offsets = new Int32Array(1);
  private flat = new Int32Array(0);
  /**
   * Per word, `doc << FIELD_BITS | fields` for each document added since `flat` was last built;
   * merged into it by the next match (a catalog change adds a few documents at a time).
   */
  private pending = new Map<string, number[]>();
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
      let list = this.pending.get(word);
      if (!list) {
        list = [];
        this.pending.set(word, list);
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
    this.build();
    if (this.docs.length < this.size) this.docs = new Int32Array(Math.ceil(this.size * 1.25));
    const { flat, offsets } = this;
    // Each group's stretches of postings, and how many postings walking them costs.
    const ranges = groups.map((alternatives) => alternatives.map((word) => this.range(word)));
    const costs = ranges.map((spans) => {
      let postings = 0;
      for (const [from, to] of spans) postings += offsets[to]! - offsets[from]!;
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
    // Many candidates are listed in document order, by a scan of every group's bytes after the
    // walk, so that the reads by document that follow go forward through memory; a few are
    // listed as the walk meets them, and checked against the other groups after.
    const inOrder = costs[smallest]! * DENSE > this.size;
    let found = 0;
    for (let g = 0; g < groups.length; g++) {
      const bits = fields[g]!;
      const collect = g === smallest && !inOrder;
      for (const [from, to] of ranges[g]!) {
        for (let i = offsets[from]!, end = offsets[to]!; i < end; i++) {
          const posting = flat[i]!;
          const doc = posting >>> FIELD_BITS;
          if (collect && bits[doc] === 0) first[found++] = doc;
          bits[doc]! |= posting & FIELD_MASK;
        }
      }
    }
    if (inOrder) return { docs: first.subarray(0, this.scan(fields)), fields };
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

  /**
   * Lists, in document order, the documents whose byte is set in every group, four documents at
   * a time; returns how many. Each of the four is written, and kept (counted) when its byte is
   * set everywhere: no branch to mispredict per document.
   */
  private scan(fields: Uint8Array[]): number {
    const first = this.docs;
    const marks = fields.map(
      (bits) => new Uint32Array(bits.buffer, bits.byteOffset, bits.length >>> 2),
    );
    const [head, ...rest] = marks;
    const end = Math.min(head!.length, (this.size + 3) >>> 2);
    let found = 0;
    for (let w = 0; w < end; w++) {
      let set = nonZeroBytes(head![w]!);
      for (let g = 0; g < rest.length && set !== 0; g++) set &= nonZeroBytes(rest[g]![w]!);
      if (set === 0) continue;
      const doc = w << 2;
      first[found] = doc;
      found += (set >>> 7) & 1;
      first[found] = doc + 1;
      found += (set >>> 15) & 1;
      first[found] = doc + 2;
      found += (set >>> 23) & 1;
      first[found] = doc + 3;
      found += set >>> 31;
    }
    return found;
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

  /**
   * Merges the pending postings into `flat`: every word's postings, old then new, in word order.
   * One pass over all postings, so documents added in a batch cost it once, on the next match.
   */
  private build(): void {
    if (this.pending.size === 0) return;
    const { pending, words: before, offsets: oldOffsets, flat: oldFlat } = this;
    const newWords = [...pending.keys()].filter(
      (word) => before[lowerBound(before, word)] !== word,
    );
    const words = newWords.length === 0 ? before : [...before, ...newWords].sort();
    let total = oldFlat.length;
    for (const list of pending.values()) total += list.length;
    const offsets = new Int32Array(words.length + 1);
    const flat = new Int32Array(total);
    let at = 0;
    for (let w = 0, old = 0; w < words.length; w++) {
      offsets[w] = at;
      const word = words[w]!;
      if (old < before.length && before[old] === word) {
        flat.set(oldFlat.subarray(oldOffsets[old]!, oldOffsets[old + 1]!), at);
        at += oldOffsets[old + 1]! - oldOffsets[old]!;
        old++;
      }
      const list = pending.get(word);
      if (list) {
        flat.set(list, at);
        at += list.length;
      }
    }
    offsets[words.length] = at;
    this.words = words;
    this.offsets = offsets;
    this.flat = flat;
    this.pending = new Map();
  }
}

/** 0x80 in each byte of the result whose byte in `four` is not zero, nothing else. */
function nonZeroBytes(four: number): number {
  return (((four & 0x7f7f7f7f) + 0x7f7f7f7f) | four) & 0x80808080;
}

const FIELD_BITS = 4;
/** Candidates are listed in document order when more than one document in this many has one. */
const DENSE = 4;
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
