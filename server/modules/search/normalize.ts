/**
 * Text normalisation shared by the indexer and the query side, so that both see the same words.
 * The folding and word rules themselves live in contract/search-rules.ts, which the PWA's offline
 * search reads too.
 */
import { foldText, queryWords, textWords } from '../../../contract/search-rules.ts';

export { foldText };

/** The most words of a query the planner looks at. */
const QUERY_WORDS_MAX = 8;

/** The words of a text, folded; compounds contribute their parts and their joined form. */
export const words = textWords;

/** Folded words joined by single spaces: the form handed to to_tsvector('simple', …). */
export function normalizeForIndex(text: string): string {
  return words(text).join(' ');
}

/** The distinct words of a search query, in order; stop words dropped when others remain. */
export function queryTokens(query: string): string[] {
  return queryWords(query).slice(0, QUERY_WORDS_MAX);
}
