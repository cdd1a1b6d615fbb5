/**
 * The bench's query sets: distinct queries of the kind shoppers type, drawn from the catalog's own
 * words with a fixed seed, so every run (and the in-process index bench) asks the same ones.
 */
import { mulberry32 } from '../server/lib/random.ts';

export interface Taxonomy {
  categories: string[];
  brands: string[];
  flavors: string[];
  /** Every category, brand and flavor name: words shoppers type too. */
  names: string[];
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One slip of the kind made on a phone: a swapped, dropped, doubled or wrong letter. */
function typo(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 2));
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at);
    default:
      return word.slice(0, at) + LETTERS[Math.floor(next() * 26)] + word.slice(at + 1);
  }
}

/**
 * Distinct queries drawn from the catalog's own names: words and their prefixes (a shopper
 * mid-word), typos, pairs and triples of words that occur together, and a word with the start of
 * another. Fixed seed, so runs compare.
 */
export function longTailQueries(names: string[], count: number, seed: number): string[] {
  const next = mulberry32(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  const phrases = names.map((name) =>
    name
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 1),
  );
  const vocabulary = [...new Set(phrases.flat())].filter((word) => word.length > 2);
  const prefix = (word: string) => word.slice(0, 2 + Math.floor(next() * (word.length - 1)));
  const found = new Set<string>();
  for (let attempt = 0; found.size < count && attempt < count * 50; attempt++) {
    const phrase = pick(phrases);
    const at = Math.floor(next() * phrase.length);
    const word = phrase[at] ?? pick(vocabulary);
    const following = phrase[at + 1] ?? pick(vocabulary);
    let query: string;
    switch (Math.floor(next() * 7)) {
      case 0:
        query = prefix(word);
        break;
      case 1:
        query = word;
        break;
      case 2:
        query = word.length >= 5 ? typo(word, next) : prefix(pick(vocabulary));
        break;
      case 3:
        query = `${word} ${following}`;
        break;
      case 4:
        query = `${word} ${prefix(following)}`;
        break;
      case 5:
        query = `${word} ${following.length >= 5 ? typo(following, next) : following}`;
        break;
      default:
        query = `${pick(vocabulary)} ${pick(vocabulary)}`;
    }
    if (query.trim().length >= 2) found.add(query);
  }
  return [...found];
}

/** The long-tail product searches: each query, sometimes filtered, sorted or paged. */
export function longTailSearchPaths(queries: string[], taxonomy: Taxonomy, seed: number): string[] {
  const next = mulberry32(seed + 1);
  const pick = (list: string[]) => list[Math.floor(next() * list.length)] ?? '';
  const sorts = ['price-asc', 'price-desc', 'newest', 'rating', 'name'];
  return queries.map((query) => {
    const params = new URLSearchParams({ search: query });
    const roll = next();
    if (roll < 0.25) params.set('sort', pick(sorts));
    else if (roll < 0.35) params.set('inStock', 'true');
    else if (roll < 0.45) params.set('brand', pick(taxonomy.brands));
    else if (roll < 0.55) params.set('category', pick(taxonomy.categories));
    else if (roll < 0.6) {
      params.set('minPrice', '2000');
      params.set('maxPrice', '6000');
    }
    if (next() < 0.1) params.set('page', '2');
    return `/api/v1/search/products?${params}`;
  });
}
