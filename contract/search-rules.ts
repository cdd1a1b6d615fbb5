/**
 * Search's text rules and sort orders as plain values and functions, without a schema library:
 * the server's index and query planner, the PWA's listing routes and its offline search all read
 * them, and importing `./search.ts` would bring zod and its schemas into the PWA's first pages.
 */

export const SEARCH_SORTS = [
  'relevance',
  'price-asc',
  'price-desc',
  'newest',
  'rating',
  'name',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** What the sort menu calls each order. */
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
  rating: 'Top rated',
  name: 'Name: A to Z',
};

/** A listing page's size, and the most one page may hold. */
export const SEARCH_DEFAULT_LIMIT = 24;
export const SEARCH_MAX_LIMIT = 100;

const COMBINING_MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/gu;
const COMPOUND = /[\p{L}\p{N}]+(?:[-/'’][\p{L}\p{N}]+)+/gu;

/** Lower-cases and strips diacritics (Crème → creme); keeps punctuation. */
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

/** The words of an already folded text: anything not a letter or digit separates them. */
export function splitWords(folded: string): string[] {
  return folded.split(NON_WORD).filter(Boolean);
}

/**
 * The words of a text, folded; hyphenated and slashed compounds also count joined
 * (pre-workout → pre, workout, preworkout), so a shopper may type either form.
 */
export function textWords(text: string): string[] {
  const folded = foldText(text);
  const joined = (folded.match(COMPOUND) ?? []).map((compound) => compound.replace(NON_WORD, ''));
  return [...splitWords(folded), ...joined];
}

/** Words that carry no meaning in a shop query; dropped unless the query has nothing else. */
const QUERY_STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'to', 'or']);

/** The distinct words of a search query, in order; stop words dropped when others remain. */
export function queryWords(query: string): string[] {
  const words = [...new Set(splitWords(foldText(query)))];
  const meaningful = words.filter((word) => !QUERY_STOP_WORDS.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/**
 * Orders names alphabetically, ignoring case and accents ('énergie' sorts with 'Energy'). Not
 * localeCompare or Intl.Collator: the first collator a page builds loads locale data, a long task
 * on the first paint of every page with the categories menu; folded code-unit order is the same
 * for the shop's Latin names.
 */
export function compareFolded(a: string, b: string): number {
  const x = foldText(a);
  const y = foldText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
