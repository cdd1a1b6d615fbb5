/**
 * Exports: foldText(text), compareFolded(a, b), queryTerms(term), RankedProduct, rankProducts(products, term) — the
 * offline twin of the API's product search, over the products saved on the device.
 *
 * It follows the server's rules (server/modules/search) so a shopper sees the same kind of
 * matches with and without a network: case and accents are folded (Crème → creme); every word
 * of the term must match; a word matches any word of the product it begins (`crea` → creatine),
 * a single letter or digit only a whole word; a product's relevance is its tier — every word in
 * the name (best), in the name, brand or categories, also in its flavors, or only by the
 * description — plus up to 30 for how much of the name the term covers.
 */
import type { CachedProduct } from './cached-products.ts';

const COMBINING_MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/gu;
const COMPOUND = /[\p{L}\p{N}]+(?:[-/'’][\p{L}\p{N}]+)+/gu;

/** Words that carry no meaning in a shop query; dropped unless the query has nothing else. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'to', 'or']);

/** Relevance of each tier (0: description only … 3: all in the name), as the API scores it. */
const TIER_BASE = [20, 35, 50, 70] as const;

/** Lower-cases and strips diacritics. */
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

const splitWords = (folded: string) => folded.split(NON_WORD).filter(Boolean);

/** The words of a text; compounds also count joined (pre-workout → pre, workout, preworkout). */
function productWords(text: string): string[] {
  const folded = foldText(text);
  const joined = (folded.match(COMPOUND) ?? []).map((compound) => compound.replace(NON_WORD, ''));
  return [...splitWords(folded), ...joined];
}

/** The distinct words of a search term, in order; stop words dropped when others remain. */
export function queryTerms(term: string): string[] {
  const terms = [...new Set(splitWords(foldText(term)))];
  const meaningful = terms.filter((word) => !STOP_WORDS.has(word));
  return meaningful.length > 0 ? meaningful : terms;
}

const matches = (term: string, word: string) =>
  term.length > 1 ? word.startsWith(term) : word === term;

export interface RankedProduct {
  product: CachedProduct;
  /** How well it matches, as a whole percentage 0–100 (like the API's `relevanceScore`). */
  relevanceScore: number;
}

/** The product's words, best field first: name; brand and categories; flavors; description. */
function fieldsOf(product: CachedProduct): string[][] {
  return [
    productWords(product.name),
    productWords([product.brand.name, ...product.categories.map((c) => c.name)].join(' ')),
    productWords(product.flavors.map((flavor) => flavor.name).join(' ')),
    productWords(product.description),
  ];
}

function score(product: CachedProduct, terms: string[]): number | null {
  const fields = fieldsOf(product);
  let worstField = 0;
  for (const term of terms) {
    const field = fields.findIndex((words) => words.some((word) => matches(term, word)));
    if (field < 0) return null;
    worstField = Math.max(worstField, field);
  }
  const nameWords = splitWords(foldText(product.name));
  const covered = nameWords.filter((word) => terms.some((term) => matches(term, word))).length;
  const similarity = nameWords.length > 0 ? covered / nameWords.length : 0;
  const tier = TIER_BASE.length - 1 - worstField;
  return Math.min(100, Math.round((TIER_BASE[tier] ?? TIER_BASE[0]) + 30 * similarity));
}

/** Orders names alphabetically, ignoring case and accents. */
export function compareFolded(a: string, b: string): number {
  const x = foldText(a);
  const y = foldText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The products matching every word of `term`, best first (ties: in stock first, then by name). */
export function rankProducts(products: readonly CachedProduct[], term: string): RankedProduct[] {
  const terms = queryTerms(term);
  if (terms.length === 0) return [];
  return products
    .flatMap((product) => {
      const relevanceScore = score(product, terms);
      return relevanceScore === null ? [] : [{ product, relevanceScore }];
    })
    .sort(
      (a, b) =>
        b.relevanceScore - a.relevanceScore ||
        Number(b.product.inStock) - Number(a.product.inStock) ||
        compareFolded(a.product.name, b.product.name),
    );
}
