/**
 * The offline twin of the API's product search, over the products saved on the device.
 *
 * It follows the server's rules (server/modules/search; the text rules are one file,
 * contract/search-rules.ts) so a shopper sees the same kind of matches with and without a
 * network: case and accents are folded (Crème → creme); every word of the term must match; a word matches any word of the product it begins (`crea` → creatine),
 * a single letter or digit only a whole word; a product's relevance is its tier — every word in
 * the name (best), in the name, brand or categories, also in its flavors, or only by the
 * description — plus up to 30 for how much of the name the term covers.
 */
import {
  compareFolded,
  foldText,
  queryWords,
  splitWords,
  textWords,
} from '../../../../contract/search-rules.ts';
import type { CachedProduct } from './cached-products.ts';

/** Relevance of each tier (0: description only … 3: all in the name), as the API scores it. */
const TIER_BASE = [20, 35, 50, 70] as const;

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
    textWords(product.name),
    textWords([product.brand.name, ...product.categories.map((c) => c.name)].join(' ')),
    textWords(product.flavors.map((flavor) => flavor.name).join(' ')),
    textWords(product.description),
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

/** The products matching every word of `term`, best first (ties: in stock first, then by name). */
export function rankProducts(products: readonly CachedProduct[], term: string): RankedProduct[] {
  const terms = queryWords(term);
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
