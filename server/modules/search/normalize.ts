/**
 * Text normalisation shared by the indexer and the query side, so that both see the same words:
 * accents are stripped (Crème → creme), case is folded, and anything that is not a letter or a
 * digit separates words. Hyphenated and slashed compounds are also kept joined
 * (pre-workout → pre, workout, preworkout) so a shopper may type either form.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/gu;
const COMPOUND = /[\p{L}\p{N}]+(?:[-/'’][\p{L}\p{N}]+)+/gu;

/** Lower-cases and strips diacritics; keeps punctuation. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/œ/gi, 'oe')
    .replace(/ø/gi, 'o')
    .toLowerCase();
}

/** The words of a text, folded; compounds contribute their parts and their joined form. */
export function words(text: string): string[] {
  const folded = foldText(text);
  const out = folded.split(NON_WORD).filter(Boolean);
  for (const compound of folded.match(COMPOUND) ?? []) {
    out.push(compound.replace(NON_WORD, ''));
  }
  return out;
}

/** Folded words joined by single spaces: the form handed to to_tsvector('simple', …). */
export function normalizeForIndex(text: string): string {
  return words(text).join(' ');
}

/** Words that carry no meaning in a shop query; dropped unless the query has nothing else. */
const QUERY_STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'to', 'or']);

/** The distinct words of a search query, in order; stop words dropped when others remain. */
export function queryTokens(query: string): string[] {
  const tokens = [...new Set(foldText(query).split(NON_WORD).filter(Boolean))];
  const meaningful = tokens.filter((token) => !QUERY_STOP_WORDS.has(token));
  return (meaningful.length > 0 ? meaningful : tokens).slice(0, 8);
}
