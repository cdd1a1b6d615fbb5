import { sql } from 'drizzle-orm';
import MiniSearch, { type MatchInfo, type Query } from 'minisearch';
import type { ProductSummary } from '../../../contract/catalog.ts';
import type { Facet, ProductSuggestion, SearchFacets } from '../../../contract/search.ts';
import type { Executor } from '../../db/client.ts';
import type { CatalogChange } from '../../plugins/catalog-changes.ts';
import { loadActiveProductSummaries } from '../catalog/service.ts';
import { brands, categories, flavors } from '../catalog/tables.ts';
import { Dictionary } from './dictionary.ts';
import { foldText, normalizeForIndex } from './normalize.ts';
import type { TextPlan } from './plan.ts';
import {
  productScore,
  type CatalogVocabulary,
  type ProductHits,
  type ProductIndex,
  type ProductQuery,
  type Tier,
} from './product-index.ts';
import { queryRows } from './sql.ts';
import { excerpt, taxonomyEntry, type TaxonomyEntry } from './taxonomy.ts';
import { similarity } from './trigram.ts';

/** One active product as the index keeps it: what filters, sorts, facets and answers need. */
interface Entry {
  id: string;
  slug: string;
  name: string;
  image: string | null;
  excerpt: string;
  price: number;
  /** As PostgreSQL's `real` holds it, so `rating >= 4.7` agrees with the database. */
  rating: number;
  reviewCount: number;
  soldCount: number;
  inStock: boolean;
  createdAt: number;
  /** Folded name: the A-to-Z order. */
  nameKey: string;
  /** Positions in the taxonomy lists. */
  brand: number;
  categories: number[];
  flavors: number[];
  summaryJson: string;
}

/** The searchable text, by weight: name (a), brand and categories (b), flavors and tags (c), description (d). */
interface Document {
  id: string;
  a: string;
  b: string;
  c: string;
  d: string;
}

const FIELD_BITS: Record<string, number> = { a: 1, b: 2, c: 4, d: 8 };

const ORDERS = {
  /** Without a term, "relevance" is the featured order: in stock, best selling, best rated. */
  featured: (x: Entry, y: Entry) =>
    Number(y.inStock) - Number(x.inStock) || y.soldCount - x.soldCount || y.rating - x.rating,
  /** Within a tier, a shorter name is a closer match. */
  relevance: (x: Entry, y: Entry) =>
    x.name.length - y.name.length ||
    Number(y.inStock) - Number(x.inStock) ||
    y.soldCount - x.soldCount,
  'price-asc': (x: Entry, y: Entry) => x.price - y.price,
  'price-desc': (x: Entry, y: Entry) => y.price - x.price,
  newest: (x: Entry, y: Entry) => y.createdAt - x.createdAt,
  rating: (x: Entry, y: Entry) => y.rating - x.rating || y.reviewCount - x.reviewCount,
  name: (x: Entry, y: Entry) => (x.nameKey < y.nameKey ? -1 : x.nameKey > y.nameKey ? 1 : 0),
} satisfies Record<string, (x: Entry, y: Entry) => number>;
type OrderName = keyof typeof ORDERS;
const ORDER_NAMES = Object.keys(ORDERS) as OrderName[];

/** Ties in every order are broken by id, as the database did. */
const byId = (x: Entry, y: Entry) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

interface Taxonomy {
  entries: TaxonomyEntry[];
  bySlug: Map<string, number>;
  byId: Map<string, number>;
}

interface State {
  vocabulary: CatalogVocabulary;
  categories: Taxonomy;
  brands: Taxonomy;
  flavors: Taxonomy;
  /** By document number; a removed product leaves a hole until the next full load. */
  entries: (Entry | undefined)[];
  numberOf: Map<string, number>;
  search: MiniSearch<Document>;
  /** Document numbers of the live entries in each order … */
  orders: Record<OrderName, Int32Array>;
  /** … and each document's position in it. */
  ranks: Record<OrderName, Int32Array>;
}

const SEARCH_FIELDS = ['a', 'b', 'c', 'd'];
const splitWords = (text: string) => text.split(' ');
const keepTerm = (term: string) => term || null;

function newMiniSearch(): MiniSearch<Document> {
  return new MiniSearch<Document>({
    fields: SEARCH_FIELDS,
    // The text is normalised already (normalize.ts): words joined by single spaces.
    tokenize: splitWords,
    processTerm: keepTerm,
    searchOptions: { tokenize: (text) => [text], processTerm: keepTerm },
  });
}

/**
 * The embedded search index: every active product held in memory, matched by MiniSearch (a
 * radix tree over the catalog's words, so a prefix or a corrected word costs a walk of that
 * branch, not a scan), filtered, counted for facets and ordered in JS over presorted orders.
 * Built from the database at start and kept current by the catalog change feed.
 */
export class MemoryProductIndex implements ProductIndex {
  private state: Promise<State> | null = null;
  private pendingIds = new Set<string>();
  private pendingAll = false;
  private refreshing: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly db: Executor) {}

  /** Loads the whole catalog, replacing what was held (queries meanwhile use the old copy). */
  load(): Promise<State> {
    const next = loadState(this.db);
    next.then(
      () => {
        this.state = next;
      },
      () => undefined,
    );
    if (!this.state) this.state = next;
    return next;
  }

  /** Takes note of a change; it is applied promptly, several changes at a time. */
  apply(change: CatalogChange): void {
    if (this.closed) return;
    if (change === 'all') this.pendingAll = true;
    else for (const id of change) this.pendingIds.add(id);
    this.refreshing ??= this.drain().finally(() => {
      this.refreshing = null;
    });
  }

  private async drain(): Promise<void> {
    while (!this.closed && (this.pendingAll || this.pendingIds.size > 0)) {
      if (this.pendingAll) {
        this.pendingAll = false;
        this.pendingIds.clear();
        // A full load runs beside the queries, which keep the copy they have until it is done.
        void this.load().catch(() => undefined);
        continue;
      }
      const ids = [...this.pendingIds];
      this.pendingIds.clear();
      const state = await this.loadedState().catch(() => null);
      if (!state) return;
      await refreshEntries(this.db, state, ids).catch(() => {
        // The next change (or restart) retries; meanwhile the previous data is served.
      });
    }
  }

  async current(): Promise<CatalogVocabulary> {
    if (this.refreshing) await this.refreshing;
    return (await this.loadedState()).vocabulary;
  }

  private async loadedState(): Promise<State> {
    const state = this.state ?? this.load();
    try {
      return await state;
    } catch (err) {
      // A failed load is not kept: the next query tries again.
      if (this.state === state) this.state = null;
      throw err;
    }
  }

  async suggest(plan: TextPlan, limit: number): Promise<ProductSuggestion[]> {
    await this.current();
    const state = await this.loadedState();
    const matches = matchText(state, plan);
    const rank = state.ranks.relevance;
    const best = [...matches]
      .sort(([x, tx], [y, ty]) => ty - tx || rank[x]! - rank[y]!)
      .slice(0, limit)
      .map(([doc, tier]) => {
        const entry = state.entries[doc]!;
        return { entry, tier, similarity: similarity(entry.name, plan.text) };
      })
      .sort((x, y) => y.tier - x.tier || y.similarity - x.similarity || byId(x.entry, y.entry));
    return best.map(({ entry, tier, similarity: closeness }) => ({
      _id: entry.id,
      name: entry.name,
      slug: entry.slug,
      type: 'PRODUCT' as const,
      image: entry.image,
      description: entry.excerpt,
      relevanceScore: productScore(tier, closeness),
      price: entry.price,
    }));
  }

  async search(query: ProductQuery): Promise<ProductHits> {
    await this.current();
    const state = await this.loadedState();
    const { filters } = query;
    const inCategory = slugFilter(filters.category, state.categories);
    const inBrand = slugFilter(filters.brand, state.brands);
    const inFlavor = slugFilter(filters.flavor, state.flavors);
    const minRating = filters.minRating === null ? null : Math.fround(filters.minRating);

    const categoryCounts = new Int32Array(state.categories.entries.length);
    const brandCounts = new Int32Array(state.brands.entries.length);
    const flavorCounts = new Int32Array(state.flavors.entries.length);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    const selected: number[] = [];

    const orderName: OrderName =
      query.sort === 'relevance' ? (query.plan ? 'relevance' : 'featured') : query.sort;
    const tiers = query.plan ? matchText(state, query.plan) : null;
    // Without a term the candidates are walked in the requested order, so the selection needs
    // no sorting; with one, only the (usually few) matches are sorted.
    const candidates: Iterable<number> = query.nothing
      ? []
      : tiers
        ? tiers.keys()
        : state.orders[orderName];

    for (const doc of candidates) {
      const entry = state.entries[doc];
      if (!entry) continue;
      if (filters.inStock && !entry.inStock) continue;
      if (minRating !== null && entry.rating < minRating) continue;
      const category = inCategory === null || entry.categories.some((n) => inCategory[n] === 1);
      const brand = inBrand === null || inBrand[entry.brand] === 1;
      const flavor = inFlavor === null || entry.flavors.some((n) => inFlavor[n] === 1);
      const price =
        (filters.minPrice === null || entry.price >= filters.minPrice) &&
        (filters.maxPrice === null || entry.price <= filters.maxPrice);
      // Each facet counts with every filter but its own; the price range ignores the price.
      if (brand && flavor && price) for (const n of entry.categories) categoryCounts[n]!++;
      if (category && flavor && price) brandCounts[entry.brand]!++;
      if (category && brand && price) for (const n of entry.flavors) flavorCounts[n]!++;
      if (category && brand && flavor) {
        if (entry.price < low) low = entry.price;
        if (entry.price > high) high = entry.price;
        if (price) selected.push(doc);
      }
    }

    if (tiers) {
      const rank = state.ranks[orderName];
      if (orderName === 'relevance') {
        selected.sort((x, y) => tiers.get(y)! - tiers.get(x)! || rank[x]! - rank[y]!);
      } else {
        selected.sort((x, y) => rank[x]! - rank[y]!);
      }
    }

    const facets: SearchFacets = {
      categories: facetList(state.categories, categoryCounts),
      brands: facetList(state.brands, brandCounts),
      flavors: facetList(state.flavors, flavorCounts),
      priceRange: low <= high ? { min: low, max: high } : { min: null, max: null },
    };
    return {
      productsJson: selected
        .slice(query.offset, query.offset + query.limit)
        .map((doc) => state.entries[doc]!.summaryJson),
      totalProducts: selected.length,
      facets,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.refreshing;
  }
}

/**
 * The active products matching every word of the plan, with their relevance tier: every word in
 * the name (3), each in the name, brand or categories (2), … or only somewhere (0). A word
 * matches a catalog word it begins (one letter or digit: the word itself), or one of its
 * corrections does.
 */
function matchText(state: State, plan: TextPlan): Map<number, Tier> {
  const prefix = (term: string) => term.length > 1;
  const query: Query = {
    combineWith: 'AND',
    queries: plan.alternatives.map((group) => ({ combineWith: 'OR', queries: group, prefix })),
  };
  const found = new Map<number, Tier>();
  for (const result of state.search.search(query)) {
    const doc = state.numberOf.get(result.id as string);
    if (doc !== undefined) found.set(doc, tierOf(result.match, plan.alternatives));
  }
  return found;
}

function tierOf(match: MatchInfo, alternatives: string[][]): Tier {
  let inName = true;
  let inNameBrandCategory = true;
  let beforeDescription = true;
  for (const group of alternatives) {
    let fields = 0;
    for (const term in match) {
      if (group.some((word) => (word.length > 1 ? term.startsWith(word) : term === word))) {
        for (const field of match[term]!) fields |= FIELD_BITS[field] ?? 0;
      }
    }
    inName &&= (fields & 0b001) !== 0;
    inNameBrandCategory &&= (fields & 0b011) !== 0;
    beforeDescription &&= (fields & 0b111) !== 0;
  }
  return inName ? 3 : inNameBrandCategory ? 2 : beforeDescription ? 1 : 0;
}

/** Null for no filter; a membership table otherwise (all zero when no slug is known). */
function slugFilter(slugs: string[], taxonomy: Taxonomy): Uint8Array | null {
  if (slugs.length === 0) return null;
  const member = new Uint8Array(taxonomy.entries.length);
  for (const slug of slugs) {
    const n = taxonomy.bySlug.get(slug);
    if (n !== undefined) member[n] = 1;
  }
  return member;
}

function facetList(taxonomy: Taxonomy, counts: Int32Array): Facet[] {
  const list: Facet[] = [];
  counts.forEach((count, n) => {
    const entry = taxonomy.entries[n];
    if (count > 0 && entry) list.push({ _id: entry.id, slug: entry.slug, name: entry.name, count });
  });
  return list.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function taxonomyOf(entries: TaxonomyEntry[]): Taxonomy {
  return {
    entries,
    bySlug: new Map(entries.map((entry, n) => [entry.slug, n])),
    byId: new Map(entries.map((entry, n) => [entry.id, n])),
  };
}

interface SourceRow extends Record<string, unknown> {
  id: string;
  description: string;
  tags: string[] | null;
  sold_count: number;
  categories: string[] | null;
  flavors: [string, string][] | string | null;
}

/** The text and relations of the given active products (all when `ids` is omitted). */
async function readSources(db: Executor, ids?: readonly string[]): Promise<SourceRow[]> {
  const only = ids
    ? sql`and p.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`
    : sql``;
  return queryRows<SourceRow>(
    db,
    sql`
      select p.id, p.description, p.tags, p.sold_count,
        (select array_agg(pc.category_id) from product_categories pc
           where pc.product_id = p.id) as categories,
        (select json_agg(distinct jsonb_build_array(f.id, f.name)) from variants v
           join flavors f on f.id = v.flavor_id
           where v.product_id = p.id and v.is_active) as flavors
      from products p where p.is_active ${only}`,
  );
}

async function readVocabulary(db: Executor): Promise<CatalogVocabulary> {
  const [terms, categoryRows, brandRows, flavorRows] = await Promise.all([
    queryRows<{ term: string; frequency: number }>(
      db,
      sql`select term, frequency from search_terms`,
    ),
    db.select().from(categories),
    db.select().from(brands),
    db.select().from(flavors),
  ]);
  // A stable order, so the position of each entry is the same in every instance.
  const sorted = <T extends { id: string }>(rows: T[]) =>
    rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    dictionary: new Dictionary(
      terms.map((row) => ({ term: row.term, frequency: Number(row.frequency) })),
    ),
    categories: sorted(categoryRows).map(taxonomyEntry),
    brands: sorted(brandRows).map(taxonomyEntry),
    flavors: sorted(flavorRows).map((row) => ({
      ...taxonomyEntry(row),
      additionalImages: row.additionalImages,
    })),
  };
}

function toEntry(
  state: Pick<State, 'categories' | 'brands' | 'flavors'>,
  summary: ProductSummary,
  source: SourceRow,
): { entry: Entry; document: Document } {
  const flavorPairs = (
    typeof source.flavors === 'string' ? JSON.parse(source.flavors) : (source.flavors ?? [])
  ) as [string, string][];
  const categoryIds = source.categories ?? [];
  const entry: Entry = {
    id: summary._id,
    slug: summary.slug,
    name: summary.name,
    image: summary.image,
    excerpt: excerpt(source.description.slice(0, 400)),
    price: summary.price,
    rating: Math.fround(summary.rating),
    reviewCount: summary.reviewCount,
    soldCount: Number(source.sold_count),
    inStock: summary.inStock,
    createdAt: Date.parse(summary.createdAt),
    nameKey: foldText(summary.name),
    brand: state.brands.byId.get(summary.brand._id) ?? 0,
    categories: categoryIds.flatMap((id) => state.categories.byId.get(id) ?? []),
    flavors: flavorPairs.flatMap(([id]) => state.flavors.byId.get(id) ?? []),
    summaryJson: JSON.stringify(summary),
  };
  const document: Document = {
    id: summary._id,
    a: normalizeForIndex(summary.name),
    b: normalizeForIndex([summary.brand.name, ...summary.categories.map((c) => c.name)].join(' ')),
    c: normalizeForIndex(
      [...flavorPairs.map(([, name]) => name), ...(source.tags ?? [])].join(' '),
    ),
    d: normalizeForIndex(source.description),
  };
  return { entry, document };
}

/** Summaries and search sources of the given active products, joined by id. */
async function readProducts(db: Executor, ids?: readonly string[]) {
  const [summaries, sources] = await Promise.all([
    loadActiveProductSummaries(db, ids),
    readSources(db, ids),
  ]);
  const sourceById = new Map(sources.map((row) => [row.id, row]));
  return summaries.flatMap((summary) => {
    const source = sourceById.get(summary._id);
    return source ? [{ summary, source }] : [];
  });
}

async function loadState(db: Executor): Promise<State> {
  const [vocabulary, rows] = await Promise.all([readVocabulary(db), readProducts(db)]);
  const state: State = {
    vocabulary,
    categories: taxonomyOf(vocabulary.categories),
    brands: taxonomyOf(vocabulary.brands),
    flavors: taxonomyOf(vocabulary.flavors),
    entries: [],
    numberOf: new Map(),
    search: newMiniSearch(),
    orders: {} as State['orders'],
    ranks: {} as State['ranks'],
  };
  const documents: Document[] = [];
  for (const { summary, source } of rows) {
    const { entry, document } = toEntry(state, summary, source);
    state.numberOf.set(entry.id, state.entries.length);
    state.entries.push(entry);
    documents.push(document);
  }
  state.search.addAll(documents);
  sortOrders(state, ORDER_NAMES);
  return state;
}

/** Re-reads the given products: changed ones are replaced, gone or inactive ones removed. */
async function refreshEntries(db: Executor, state: State, ids: string[]): Promise<void> {
  const [rows, terms] = await Promise.all([
    readProducts(db, ids),
    queryRows<{ term: string; frequency: number }>(
      db,
      sql`select term, frequency from search_terms`,
    ),
  ]);
  // Everything below runs without awaiting: a query sees the index before or after, not during.
  const changed = new Set<OrderName>();
  const fresh = new Map(rows.map((row) => [row.summary._id, row]));
  for (const id of ids) {
    const doc = state.numberOf.get(id);
    const row = fresh.get(id);
    if (!row) {
      if (doc === undefined) continue;
      state.entries[doc] = undefined;
      state.numberOf.delete(id);
      state.search.discard(id);
      ORDER_NAMES.forEach((name) => changed.add(name));
      continue;
    }
    const { entry, document } = toEntry(state, row.summary, row.source);
    if (doc === undefined) {
      state.numberOf.set(id, state.entries.length);
      state.entries.push(entry);
      state.search.add(document);
      ORDER_NAMES.forEach((name) => changed.add(name));
    } else {
      const before = state.entries[doc]!;
      for (const name of ORDER_NAMES) {
        if (ORDERS[name](before, entry) !== 0) changed.add(name);
      }
      state.entries[doc] = entry;
      state.search.replace(document);
    }
  }
  state.vocabulary.dictionary = new Dictionary(
    terms.map((row) => ({ term: row.term, frequency: Number(row.frequency) })),
  );
  sortOrders(state, [...changed]);
}

function sortOrders(state: State, names: OrderName[]): void {
  if (names.length === 0) return;
  const live: number[] = [];
  state.entries.forEach((entry, doc) => {
    if (entry) live.push(doc);
  });
  for (const name of names) {
    const compare = ORDERS[name];
    const order = Int32Array.from(live).sort((x, y) => {
      const a = state.entries[x]!;
      const b = state.entries[y]!;
      return compare(a, b) || byId(a, b);
    });
    const rank = new Int32Array(state.entries.length);
    order.forEach((doc, position) => {
      rank[doc] = position;
    });
    state.orders[name] = order;
    state.ranks[name] = rank;
  }
}
