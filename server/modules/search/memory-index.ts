import { sql } from 'drizzle-orm';
import type { ProductSummary } from '../../../contract/catalog.ts';
import type { Facet, ProductSuggestion, SearchFacets } from '../../../contract/search.ts';
import type { Executor } from '../../db/client.ts';
import type { CatalogChange } from '../../plugins/catalog-changes.ts';
import { loadActiveProductSummaries } from '../catalog/service.ts';
import { brands, categories, flavors } from '../catalog/tables.ts';
import { Dictionary } from './dictionary.ts';
import { foldText, normalizeForIndex } from './normalize.ts';
import type { TextPlan } from './plan.ts';
import { Postings } from './postings.ts';
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
  /** A hash of the searchable text: a change that leaves it alone keeps the postings. */
  textHash: number;
  /** Positions in the taxonomy lists. */
  brand: number;
  categories: number[];
  flavors: number[];
  summaryJson: string;
}

/**
 * The searchable text, normalised, by weight: name, brand and categories, flavors and tags,
 * description. Its position is the field's bit in the postings.
 */
type Document = [
  name: string,
  brandAndCategories: string,
  flavorsAndTags: string,
  description: string,
];

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
  /**
   * By document number. A removed product, or one whose text changed (it is indexed again under
   * a new number), leaves a hole until the next full load.
   */
  entries: (Entry | undefined)[];
  numberOf: Map<string, number>;
  postings: Postings;
  /** Document numbers of the live entries in each order … */
  orders: Record<OrderName, Int32Array>;
  /** … and each document's position in it. */
  ranks: Record<OrderName, Int32Array>;
  scratch: { chosen?: Uint8Array; tiers?: Uint8Array };
}

/**
 * The embedded search index: every active product held in memory, matched through the word
 * postings (postings.ts), filtered, counted for facets and ordered in JS over presorted orders.
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
    const { docs, tiers } = matchText(state, plan);
    const rank = state.ranks.relevance;
    const best = topBy(docs, limit, (x, y) => tiers[y]! - tiers[x]! || rank[x]! - rank[y]!)
      .map((doc) => {
        const entry = state.entries[doc]!;
        return { entry, tier: tiers[doc] as Tier, similarity: similarity(entry.name, plan.text) };
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
    const matched = query.plan ? matchText(state, query.plan) : null;
    // Without a term the candidates are walked in the requested order, so the selection needs
    // no sorting; with one, only the (usually few) matches are sorted.
    // Entries are visited in document order, the order they lie in memory: walking them in a
    // sort order instead costs a cache miss per product, which at 20,000 products was most of
    // the time of a listing. The page is picked from the sort order afterwards.
    const candidates: ArrayLike<number> | null = query.nothing
      ? []
      : matched
        ? Int32Array.from(matched.docs).sort()
        : null;
    const count = candidates ? candidates.length : state.entries.length;
    const chosen = scratch(state, 'chosen', state.entries.length);
    let total = 0;
    const { inStock, minPrice, maxPrice } = filters;
    const { entries } = state;
    // The hot loop of every listing: indexed loops, no closures.
    for (let i = 0; i < count; i++) {
      const doc = candidates ? candidates[i]! : i;
      const entry = entries[doc];
      if (!entry) continue;
      if (inStock && !entry.inStock) continue;
      if (minRating !== null && entry.rating < minRating) continue;
      const cats = entry.categories;
      const flavs = entry.flavors;
      const category = inCategory === null || anyIn(cats, inCategory);
      const brand = inBrand === null || inBrand[entry.brand] === 1;
      const flavor = inFlavor === null || anyIn(flavs, inFlavor);
      const price =
        (minPrice === null || entry.price >= minPrice) &&
        (maxPrice === null || entry.price <= maxPrice);
      // Each facet counts with every filter but its own; the price range ignores the price.
      if (brand && flavor && price)
        for (let c = 0; c < cats.length; c++) categoryCounts[cats[c]!]!++;
      if (category && flavor && price) brandCounts[entry.brand]!++;
      if (category && brand && price)
        for (let f = 0; f < flavs.length; f++) flavorCounts[flavs[f]!]!++;
      if (category && brand && flavor) {
        if (entry.price < low) low = entry.price;
        if (entry.price > high) high = entry.price;
        if (price) {
          chosen[doc] = 1;
          total++;
          if (matched) selected.push(doc);
        }
      }
    }

    let page: number[];
    const end = query.offset + query.limit;
    if (matched) {
      const rank = state.ranks[orderName];
      const { tiers } = matched;
      page = topBy(
        selected,
        end,
        orderName === 'relevance'
          ? (x, y) => tiers[y]! - tiers[x]! || rank[x]! - rank[y]!
          : (x, y) => rank[x]! - rank[y]!,
      ).slice(query.offset);
    } else {
      page = [];
      const order = state.orders[orderName];
      for (let i = 0, seen = 0; i < order.length && seen < end; i++) {
        const doc = order[i]!;
        if (chosen[doc] === 1 && seen++ >= query.offset) page.push(doc);
      }
    }

    const facets: SearchFacets = {
      categories: facetList(state.categories, categoryCounts),
      brands: facetList(state.brands, brandCounts),
      flavors: facetList(state.flavors, flavorCounts),
      priceRange: low <= high ? { min: low, max: high } : { min: null, max: null },
    };
    return {
      productsJson: page.map((doc) => state.entries[doc]!.summaryJson),
      totalProducts: total,
      facets,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.refreshing;
  }
}

/**
 * The live products matching every word of the plan, with their relevance tier: every word in the
 * name (3), each in the name, brand or categories (2), each before the description (1), or only
 * somewhere (0).
 */
function matchText(state: State, plan: TextPlan): { docs: number[]; tiers: Uint8Array } {
  const { docs, fields } = state.postings.match(plan.alternatives);
  const tiers = scratch(state, 'tiers', state.postings.size);
  const live: number[] = [];
  for (const doc of docs) {
    if (!state.entries[doc]) continue;
    let inName = true;
    let inNameBrandCategory = true;
    let beforeDescription = true;
    for (const bits of fields) {
      const found = bits[doc]!;
      inName &&= (found & 0b001) !== 0;
      inNameBrandCategory &&= (found & 0b011) !== 0;
      beforeDescription &&= (found & 0b111) !== 0;
    }
    tiers[doc] = inName ? 3 : inNameBrandCategory ? 2 : beforeDescription ? 1 : 0;
    live.push(doc);
  }
  return { docs: live, tiers };
}

/**
 * A zeroed byte per document, reused from query to query (a query runs without awaiting, so
 * none is in use by another): see the same reuse in postings.ts.
 */
function scratch(state: State, name: 'chosen' | 'tiers', size: number): Uint8Array {
  let bytes = state.scratch[name];
  if (!bytes || bytes.length < size) {
    bytes = new Uint8Array(Math.ceil(size * 1.25));
    state.scratch[name] = bytes;
  } else {
    bytes.fill(0, 0, size);
  }
  return bytes;
}

/**
 * The first `count` items in the order of `compare`: a full sort when most are wanted, else one
 * pass keeping the best few in a small sorted buffer (a page of a search with thousands of
 * matches costs a pass, not a sort).
 */
function topBy(items: number[], count: number, compare: (x: number, y: number) => number) {
  if (count >= items.length / 4) return items.sort(compare).slice(0, count);
  const best: number[] = [];
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && compare(item, best[at - 1]!) < 0) at--;
    best.splice(at, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

function anyIn(values: readonly number[], member: Uint8Array): boolean {
  for (let i = 0; i < values.length; i++) if (member[values[i]!] === 1) return true;
  return false;
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
    textHash: 0,
    brand: state.brands.byId.get(summary.brand._id) ?? 0,
    categories: categoryIds.flatMap((id) => state.categories.byId.get(id) ?? []),
    flavors: flavorPairs.flatMap(([id]) => state.flavors.byId.get(id) ?? []),
    summaryJson: JSON.stringify(summary),
  };
  const document: Document = [
    normalizeForIndex(summary.name),
    normalizeForIndex([summary.brand.name, ...summary.categories.map((c) => c.name)].join(' ')),
    normalizeForIndex([...flavorPairs.map(([, name]) => name), ...(source.tags ?? [])].join(' ')),
    normalizeForIndex(source.description),
  ];
  entry.textHash = hashText(document.join('\n'));
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
    postings: new Postings(),
    orders: {} as State['orders'],
    ranks: {} as State['ranks'],
    scratch: {},
  };
  for (const { summary, source } of rows) {
    const { entry, document } = toEntry(state, summary, source);
    addEntry(state, entry, document);
  }
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
      ORDER_NAMES.forEach((name) => changed.add(name));
      continue;
    }
    const { entry, document } = toEntry(state, row.summary, row.source);
    const before = doc === undefined ? undefined : state.entries[doc];
    if (doc !== undefined && before?.textHash === entry.textHash) {
      // Stock, price or rating moved: same words, same postings.
      for (const name of ORDER_NAMES) {
        if (ORDERS[name](before, entry) !== 0) changed.add(name);
      }
      state.entries[doc] = entry;
    } else {
      if (doc !== undefined) state.entries[doc] = undefined;
      addEntry(state, entry, document);
      ORDER_NAMES.forEach((name) => changed.add(name));
    }
  }
  state.vocabulary.dictionary = new Dictionary(
    terms.map((row) => ({ term: row.term, frequency: Number(row.frequency) })),
  );
  sortOrders(state, [...changed]);
}

function addEntry(state: State, entry: Entry, document: Document): void {
  const doc = state.entries.length;
  state.numberOf.set(entry.id, doc);
  state.entries.push(entry);
  state.postings.add(doc, document);
}

/** FNV-1a, 32 bits: enough to tell whether a product's text changed. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
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
