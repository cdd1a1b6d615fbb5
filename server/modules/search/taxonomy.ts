import type { TaxonomySuggestion } from '../../../contract/search.ts';
import { foldText, words } from './normalize.ts';
import type { TextPlan } from './plan.ts';

export type TaxonomyKind = 'CATEGORY' | 'BRAND' | 'FLAVOR';

export interface TaxonomyEntry {
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  /** The name's words (folded) … */
  parts: string[];
  /** … plus compounds joined (pre-workout → preworkout). */
  words: string[];
}

export function taxonomyEntry(row: {
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string | null;
}): TaxonomyEntry {
  const all = words(row.name);
  const parts = foldText(row.name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return { ...row, parts, words: [...new Set(all)] };
}

/**
 * How well a category, brand or flavor name matches the query, 0–100, or null for no match.
 * Every query word must begin a word of the name (or a correction of it must); a name that the
 * query merely contains in full (`optimum nutrition gold standard` → Optimum Nutrition) also
 * matches, a little lower.
 */
export function scoreTaxonomyName(entry: TaxonomyEntry, plan: TextPlan): number | null {
  const name = entry.parts.join(' ');
  if (name === plan.text) return 100;
  let corrected = false;
  const everyWordMatches = plan.alternatives.every((group) => {
    const [term, ...replacements] = group;
    if (term !== undefined && entry.words.some((word) => word.startsWith(term))) return true;
    if (replacements.some((r) => entry.words.some((word) => word.startsWith(r)))) {
      corrected = true;
      return true;
    }
    return false;
  });
  if (everyWordMatches) {
    if (!corrected && name.startsWith(plan.text)) return 90;
    const typed = plan.terms.reduce((sum, term) => sum + term.length, 0);
    const coverage = Math.min(1, typed / Math.max(1, name.replace(/ /g, '').length));
    return Math.round((corrected ? 55 : 65) + 20 * coverage);
  }
  const queryWords = new Set(plan.alternatives.flat());
  if (entry.parts.length > 0 && entry.parts.every((part) => queryWords.has(part))) return 60;
  return null;
}

/** The best few entries of one kind, best first (ties by name). */
export function suggestTaxonomy<E extends TaxonomyEntry, K extends TaxonomyKind>(
  entries: readonly E[],
  plan: TextPlan,
  type: K,
  limit: number,
  imageOf: (entry: E) => string | null = (entry) => entry.image,
): (Omit<TaxonomySuggestion, 'type'> & { type: K })[] {
  const scored: { entry: E; score: number }[] = [];
  for (const entry of entries) {
    const score = scoreTaxonomyName(entry, plan);
    if (score !== null) scored.push({ entry, score });
  }
  scored.sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name));
  return scored.slice(0, limit).map(({ entry, score }) => ({
    _id: entry.id,
    name: entry.name,
    slug: entry.slug,
    type,
    image: imageOf(entry),
    description: excerpt(entry.description),
    relevanceScore: score,
  }));
}

/** A description cut at a word boundary to fit one or two lines of the dropdown. */
export function excerpt(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
