import type { TaxonomySuggestion } from '../../../contract/search.ts';
import { foldText, words } from './normalize.ts';
import type { TextPlan } from './plan.ts';
import { suggestionHead } from './product-index.ts';

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

/**
 * What is kept per list of entries. Where its entries can be found by the words of a query: by
 * each prefix of each word of their names, by each whole part and by the whole folded name.
 * Scoring every entry of every list on every keystroke took a tenth of a suggestion; the entries
 * a query can match at all are looked up here, and only they are scored. And each suggested
 * entry's JSON up to its score, by position (an entry is only ever suggested as its own kind).
 */
interface Lookup {
  prefixes: Map<string, number[]>;
  parts: Map<string, number[]>;
  names: Map<string, number[]>;
  heads: (string | undefined)[];
}

/** Built once per list (the vocabulary's lists are replaced, never changed, by a reload). */
const lookups = new WeakMap<readonly TaxonomyEntry[], Lookup>();

function lookupOf(entries: readonly TaxonomyEntry[]): Lookup {
  let lookup = lookups.get(entries);
  if (lookup) return lookup;
  lookup = { prefixes: new Map(), parts: new Map(), names: new Map(), heads: [] };
  const add = (map: Map<string, number[]>, key: string, n: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [n]);
    else if (list[list.length - 1] !== n) list.push(n);
  };
  entries.forEach((entry, n) => {
    const prefixes = new Set<string>();
    for (const word of entry.words) {
      for (let end = 1; end <= word.length; end++) prefixes.add(word.slice(0, end));
    }
    for (const prefix of prefixes) add(lookup.prefixes, prefix, n);
    for (const part of entry.parts) add(lookup.parts, part, n);
    add(lookup.names, entry.folded, n);
  });
  lookups.set(entries, lookup);
  return lookup;
}

/**
 * The entries that can score at all (scoreTaxonomyName): the query's first word (or one of its
 * corrections) begins a word of the name, or the name's first part is a word of the query, or
 * the name is the query. In list order.
 */
function candidatesFor(lookup: Lookup, plan: TextPlan): number[] {
  const found = new Set<number>();
  const take = (list: number[] | undefined) => list?.forEach((n) => found.add(n));
  for (const alternative of plan.alternatives[0] ?? []) take(lookup.prefixes.get(alternative));
  for (const word of plan.words) take(lookup.parts.get(word));
  take(lookup.names.get(plan.text));
  return [...found].sort((a, b) => a - b);
}

/**
 * The best few entries of one kind, best first (ties by name), as JSON text: the contract's
 * suggestions of that kind. Each entry's JSON but its score is written once (an entry is only
 * ever suggested as its own kind) and kept with the list.
 */
export function suggestTaxonomyJson<E extends TaxonomyEntry>(
  entries: readonly E[],
  plan: TextPlan,
  type: TaxonomyKind,
  limit: number,
  imageOf: (entry: E) => string | null = (entry) => entry.image,
): string {
  const lookup = lookupOf(entries);
  const scored: { n: number; score: number }[] = [];
  for (const n of candidatesFor(lookup, plan)) {
    const score = scoreTaxonomyName(entries[n]!, plan);
    if (score !== null) scored.push({ n, score });
  }
  scored.sort((a, b) => b.score - a.score || entries[a.n]!.name.localeCompare(entries[b.n]!.name));
  let json = '';
  for (const { n, score } of scored.slice(0, limit)) {
    lookup.heads[n] ??= suggestionHead(suggestionOf(entries[n]!, type, imageOf));
    json += `${json ? ',' : ''}${lookup.heads[n]}${score}}`;
  }
  return `[${json}]`;
}

function suggestionOf<E extends TaxonomyEntry>(
  entry: E,
  type: TaxonomyKind,
  imageOf: (entry: E) => string | null,
): Omit<TaxonomySuggestion, 'relevanceScore'> {
  return {
    _id: entry.id,
    name: entry.name,
    slug: entry.slug,
    type,
    image: imageOf(entry),
    description: entry.excerpt,
  };
}

/** A description cut at a word boundary to fit one or two lines of the dropdown. */
export function excerpt(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
