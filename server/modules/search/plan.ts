import type { Dictionary } from './dictionary.ts';
import { queryTokens } from './normalize.ts';

/**
 * How a shopper's words become a query: every word must match (AND); a word matches any catalog
 * word it begins (prefix search, `crea` → creatine) or, when it begins none, any close spelling
 * from the dictionary (`protien` → protein). Single letters and digits match only themselves (as
 * prefixes they would match half the catalog): the index applies that rule.
 */
export interface TextPlan {
  /** The query's normalised words. */
  terms: string[];
  /** Per word: the alternatives it may match (itself first, then corrections). */
  alternatives: string[][];
  /** Every word and correction of the query, for membership tests. */
  words: ReadonlySet<string>;
  corrections: { term: string; replacements: string[] }[];
  /** The words joined by spaces: compared with product names for the similarity bonus. */
  text: string;
  /** The query with each corrected word replaced by its best correction, if any was. */
  didYouMean: string | null;
}

export function planTextSearch(raw: string, dictionary: Dictionary): TextPlan | null {
  const terms = queryTokens(raw);
  if (terms.length === 0) return null;
  const corrections: TextPlan['corrections'] = [];
  const alternatives = terms.map((term) => {
    const replacements = dictionary.corrections(term);
    if (replacements.length > 0) corrections.push({ term, replacements });
    return [term, ...replacements];
  });
  const didYouMean =
    corrections.length > 0
      ? terms
          .map((term) => corrections.find((c) => c.term === term)?.replacements[0] ?? term)
          .join(' ')
      : null;
  return {
    terms,
    alternatives,
    words: new Set(alternatives.flat()),
    corrections,
    text: terms.join(' '),
    didYouMean,
  };
}
