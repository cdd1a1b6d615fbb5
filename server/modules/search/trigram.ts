/**
 * Trigram similarity as PostgreSQL's pg_trgm computes it: each word (letters and digits,
 * lower-cased) is padded with two spaces before and one after, cut into three-letter pieces, and
 * the similarity of two texts is the share of their distinct pieces they have in common.
 */
export function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  }
  return found;
}

/** `b` may be given as its trigrams, worked out once when it is compared with many texts. */
export function similarity(a: string, b: string | ReadonlySet<string>): number {
  const left = trigrams(a);
  const right = typeof b === 'string' ? trigrams(b) : b;
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const piece of left) if (right.has(piece)) shared++;
  return shared / (left.size + right.size - shared);
}
