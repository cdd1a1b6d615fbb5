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
  /** The parts joined by spaces, and how many letters and digits they hold. */
  folded: string;
  letters: number;
  /** The description cut to fit the dropdown. */
  excerpt: string;
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
  const folded = parts.join(' ');
  return {
    ...row,
    parts,
    words: [...new Set(all)],
    folded,
    letters: folded.replace(/ /g, '').length,
    excerpt: excerpt(row.description),
  };
}

/**
 * How well a category, brand or flavor name matches the query, 0–100, or null for no match.
 * Every query word must begin a word of the name (or a correction of it must); a name that the
 * query merely contains in full (`optimum nutrition gold standard` → Optimum Nutrition) also
 * matches, a little lower.
 */
export function scoreTaxonomyName(entry: TaxonomyEntry, plan: TextPlan): number | null {
  const name = entry.folded;
  if (name === plan.text) return 100;
  // Plain loops: this runs for every category, brand and flavor on every keystroke.
  let corrected = false;
  let everyWordMatches = true;
  for (const [term, ...replacements] of plan.alternatives) {
    if (term !== undefined && beginsAWord(entry.words, term)) continue;
    let matched = false;
    for (const replacement of replacements) matched ||= beginsAWord(entry.words, replacement);
    if (!matched) {
      everyWordMatches = false;
      break;
    }
    corrected = true;
  }
  if (everyWordMatches) {
    if (!corrected && name.startsWith(plan.text)) return 90;
    let typed = 0;
    for (const term of plan.terms) typed += term.length;
    const coverage = Math.min(1, typed / Math.max(1, entry.letters));
    return Math.round((corrected ? 55 : 65) + 20 * coverage);
  }
  if (entry.parts.length === 0) return null;
  for (const part of entry.parts) if (!plan.words.has(part)) return null;
  return 60;
}

function beginsAWord(words: readonly string[], prefix: string): boolean {
  for (const word of words) if (word.startsWith(prefix)) return true;
  return false;
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
    description: entry.excerpt,
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
