import { sql } from 'drizzle-orm';
import type { ProductSummary } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { ProductSuggestion } from '../../../contract/search.ts';
import type { Executor } from '../../db/client.ts';
import type { CatalogChange } from '../../plugins/catalog-changes.ts';
import { localizedField } from '../catalog/localized.ts';
import {
  loadActiveProductSummaries,
  loadFlavorLooks,
  loadTaxonomyRows,
} from '../catalog/service.ts';
import { Dictionary } from './dictionary.ts';
import { foldText, normalizeForIndex } from './normalize.ts';
import type { TextPlan } from './plan.ts';
import { Postings } from './postings.ts';
import {
  productScore,
  suggestionHead,
  type CatalogVocabulary,
  type ProductHits,
  type ProductIndex,
  type ProductQuery,
  type Tier,
} from './product-index.ts';
import { queryRows } from './sql.ts';
import { excerpt, taxonomyEntry, type TaxonomyEntry } from './taxonomy.ts';
import { similarity, trigrams } from './trigram.ts';

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
  /**
   * A hash of the searchable text and the taxonomy: a change that leaves them alone keeps the
   * document number, its postings and its taxonomy columns.
   */
  textHash: number;
  /** Positions in the taxonomy lists. */
  brand: number;
  categories: number[];
  flavors: number[];
  /** The contract's ProductSummary as UTF-8 JSON, ready to be copied into an answer. */
  summary: Buffer;
  /** Its suggestion's JSON up to the score, once it was suggested (productSuggestionHead). */
  suggestionHead?: string;
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
  /** Per entry, its facet's JSON up to the count (`{"slug":…,"count":`) … */
  facetHeads: string[];
  /** … its position in name order, and the entry at each position. */
  nameOrder: Int32Array;
  byName: Int32Array;
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
  /** The names alone: where suggestions look first. */
  names: Postings;
  /** What filters and facets read, by document number: the hot loops touch these only. */
  columns: Columns;
  /** Document numbers of the live entries in each order … */
  orders: Record<OrderName, Int32Array>;
  /** … and each document's position in it. */
  ranks: Record<OrderName, Int32Array>;
  scratch: { chosen?: Uint8Array; tiers?: Uint8Array; keys?: Float64Array };
}

/**
 * The fields every filter and facet reads, one typed array each, by document number. A listing
 * or a search with thousands of matches reads a few bytes per product from each instead of
 * following a pointer to each product's object (a cache miss apiece), and the arrays are
 * invisible to the garbage collector. Price, rating and stock change in place; the brand,
 * categories and flavors are part of a product's text, so changing them gives it a new number.
 */
class Columns {
  live = new Uint8Array(0);
  price = new Float64Array(0);
  /** Single precision, as PostgreSQL's `real` holds it, so `rating >= 4.7` agrees with it. */
  rating = new Float32Array(0);
  inStock = new Uint8Array(0);
  brand = new Int32Array(0);
  categories = new Slots(CATEGORY_SLOTS);
  flavors = new Slots(FLAVOR_SLOTS);

  /** Sets the columns of a new document, numbered one past the last. */
  append(doc: number, entry: Entry): void {
    if (doc >= this.live.length) this.grow(Math.max(1024, this.live.length * 2));
    this.live[doc] = 1;
    this.update(doc, entry);
    this.brand[doc] = entry.brand;
    this.categories.set(doc, entry.categories);
    this.flavors.set(doc, entry.flavors);
  }

  /** The fields that change without a product's text changing. */
  update(doc: number, entry: Entry): void {
    this.price[doc] = entry.price;
    this.rating[doc] = entry.rating;
    this.inStock[doc] = entry.inStock ? 1 : 0;
  }

  private grow(capacity: number): void {
    const grown = <T extends Uint8Array | Int32Array | Float32Array | Float64Array>(
      old: T,
      make: (length: number) => T,
    ) => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.live = grown(this.live, (n) => new Uint8Array(n));
    this.price = grown(this.price, (n) => new Float64Array(n));
    this.rating = grown(this.rating, (n) => new Float32Array(n));
    this.inStock = grown(this.inStock, (n) => new Uint8Array(n));
    this.brand = grown(this.brand, (n) => new Int32Array(n));
  }
}

/**
 * A short list of taxonomy positions per document (its categories, its flavors) in `width` fixed
 * slots, each holding a position plus `width`; an empty slot `k` holds `k`. Counting a
 * document's list is then `width` increments at fixed places (empty slots count into spare
 * counters, one per slot so that they do not wait on each other) instead of a loop whose length
 * varies from one document to the next, mispredicted at nearly every end: a product search took
 * 7 % less. A longer list (or a position too large for the slots) is kept whole in `more`, with
 * MORE in the last slot.
 */
class Slots {
  values = new Uint16Array(0);
  readonly more = new Map<number, readonly number[]>();

  constructor(readonly width: number) {}

  set(doc: number, list: readonly number[]): void {
    if ((doc + 1) * this.width > this.values.length) {
      const values = new Uint16Array(Math.max(1024, (doc + 1) * 2) * this.width);
      values.set(this.values);
      this.values = values;
    }
    const at = doc * this.width;
    for (let k = 0; k < this.width; k++) this.values[at + k] = k;
    if (list.length <= this.width && list.every((n) => n + this.width < MORE)) {
      this.more.delete(doc);
      list.forEach((n, k) => (this.values[at + k] = n + this.width));
    } else {
      this.more.set(doc, list);
      this.values[at + this.width - 1] = MORE;
    }
  }

  /** Adds one to `counts[n + width]` for each position `n` of a list kept in `more`. */
  countMore(doc: number, counts: Int32Array): void {
    for (const n of this.more.get(doc)!) counts[n + this.width]!++;
  }

  /** Whether document `doc`'s list has a position `n` that `member[n + width]` marks. */
  has(doc: number, member: Uint8Array): boolean {
    const at = doc * this.width;
    const last = at + this.width - 1;
    for (let k = at; k < last; k++) if (member[this.values[k]!] === 1) return true;
    if (this.values[last] !== MORE) return member[this.values[last]!] === 1;
    return this.more.get(doc)!.some((n) => member[n + this.width] === 1);
  }
}

/** In a document's last slot: its list is in `Slots.more`. */
const MORE = 0xffff;
/** Slots per document: most products are in one or two categories, in up to four flavors. */
const CATEGORY_SLOTS = 2;
const FLAVOR_SLOTS = 4;

/**
 * The embedded search index: every active product held in memory, matched through the word
 * postings (postings.ts), filtered, counted for facets and ordered in JS over presorted orders.
 * Built from the database at start and kept current by the catalog change feed. It holds one
 * language's texts: a shop in two languages keeps an index for each.
 */
export class MemoryProductIndex implements ProductIndex {
  private state: Promise<State> | null = null;
  private pendingIds = new Set<string>();
  private pendingAll = false;
  private refreshing: Promise<void> | null = null;
  private closed = false;

  private readonly source: Source;

  constructor(
    db: Executor,
    locale: Locale,
    /** Products read per query by a full load (tests make it small). */
    private readonly loadBatch = LOAD_BATCH,
  ) {
    this.source = { db, locale };
  }

  /** Loads the whole catalog, replacing what was held (queries meanwhile use the old copy). */
  load(): Promise<State> {
    const next = loadState(this.source, this.loadBatch);
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
      await refreshEntries(this.source, state, ids).catch(() => {
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

  async suggest(plan: TextPlan, limit: number): Promise<string> {
    await this.current();
    const state = await this.loadedState();
    return suggestIn(state, plan, limit);
  }

  async search(query: ProductQuery): Promise<ProductHits> {
    await this.current();
    const state = await this.loadedState();
    const { filters } = query;
    // Categories and flavors are kept as positions plus their slot count (Slots): so are their
    // tables and counts, the counts with a spare counter per slot in front.
    const inCategory = slugFilter(filters.category, state.categories, CATEGORY_SLOTS);
    const inBrand = slugFilter(filters.brand, state.brands, 0);
    const inFlavor = slugFilter(filters.flavor, state.flavors, FLAVOR_SLOTS);
    const minRating = filters.minRating === null ? null : Math.fround(filters.minRating);

    const categoryCounts = new Int32Array(CATEGORY_SLOTS + state.categories.entries.length);
    const brandCounts = new Int32Array(state.brands.entries.length);
    const flavorCounts = new Int32Array(FLAVOR_SLOTS + state.flavors.entries.length);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;

    const orderName: OrderName =
      query.sort === 'relevance' ? (query.plan ? 'relevance' : 'featured') : query.sort;
    // The live check and the tiers are left to the loop below (the tiers only when they order).
    const matched = query.plan ? state.postings.match(query.plan.alternatives) : null;
    const candidates: Int32Array | null = query.nothing
      ? new Int32Array(0)
      : matched
        ? matched.docs
        : null;
    const count = candidates ? candidates.length : state.entries.length;
    // A listing marks the chosen products and reads its page off the presorted order; a search
    // writes each chosen match's sort key (its tier and rank, firstInOrder) and picks the best.
    const chosen = scratch(state, 'chosen', state.entries.length);
    const keys = matched ? keyScratch(state, count) : null;
    const fields = matched && orderName === 'relevance' ? matched.fields : null;
    const ranks = state.ranks[orderName];
    let total = 0;
    const { inStock, minPrice, maxPrice } = filters;
    const columns = state.columns;
    const { live, price: prices, rating: ratings, brand: brands } = columns;
    const stocked = columns.inStock;
    const { categories, flavors } = columns;
    const categoryList = categories.values;
    const flavorList = flavors.values;
    // The hot loop of every listing and search: typed arrays, indexed loops, no closures.
    for (let i = 0; i < count; i++) {
      const doc = candidates ? candidates[i]! : i;
      chosen[doc] = 0;
      if (live[doc] === 0) continue;
      if (inStock && stocked[doc] === 0) continue;
      if (minRating !== null && ratings[doc]! < minRating) continue;
      const price = prices[doc]!;
      const brand = brands[doc]!;
      const categoriesAt = doc * CATEGORY_SLOTS;
      const flavorsAt = doc * FLAVOR_SLOTS;
      const inCategories = inCategory === null || categories.has(doc, inCategory);
      const inFlavors = inFlavor === null || flavors.has(doc, inFlavor);
      const ofBrand = inBrand === null || inBrand[brand] === 1;
      const inPrice =
        (minPrice === null || price >= minPrice) && (maxPrice === null || price <= maxPrice);
      // Each facet counts with every filter but its own; the price range ignores the price.
      if (ofBrand && inFlavors && inPrice) {
        // Written out for the slot counts: a loop, even of a fixed length, took twice as long.
        categoryCounts[categoryList[categoriesAt]!]!++;
        const lastCategory = categoryList[categoriesAt + 1]!;
        if (lastCategory !== MORE) categoryCounts[lastCategory]!++;
        else categories.countMore(doc, categoryCounts);
      }
      if (inCategories && inFlavors && inPrice) brandCounts[brand]!++;
      if (inCategories && ofBrand && inPrice) {
        flavorCounts[flavorList[flavorsAt]!]!++;
        flavorCounts[flavorList[flavorsAt + 1]!]!++;
        flavorCounts[flavorList[flavorsAt + 2]!]!++;
        const lastFlavor = flavorList[flavorsAt + 3]!;
        if (lastFlavor !== MORE) flavorCounts[lastFlavor]!++;
        else flavors.countMore(doc, flavorCounts);
      }
      if (inCategories && ofBrand && inFlavors) {
        if (price < low) low = price;
        if (price > high) high = price;
        if (inPrice) {
          if (keys === null) chosen[doc] = 1;
          else
            keys[total] =
              (fields === null ? 0 : (3 - tierOf(fields, doc)) * RANK_SPAN) + ranks[doc]!;
          total++;
        }
      }
    }

    const end = query.offset + query.limit;
    const order = state.orders[orderName];
    let page: number[];
    if (keys !== null) {
      const first = docsOf(smallestKeys(keys.subarray(0, total), end), order);
      page = Array.from(first.subarray(query.offset));
    } else {
      page = [];
      for (let i = 0, seen = 0; i < order.length && seen < end; i++) {
        const doc = order[i]!;
        if (chosen[doc] === 1 && seen++ >= query.offset) page.push(doc);
      }
    }

    const priceRange = low <= high ? { min: low, max: high } : { min: null, max: null };
    const entries = page.map((doc) => state.entries[doc]!);
    return {
      products:
        filters.flavor.length === 1
          ? await asFlavor(this.source.db, entries, filters.flavor[0]!)
          : entries.map((entry) => entry.summary),
      totalProducts: total,
      facetsJson:
        `{"categories":${facetsJson(state.categories, categoryCounts.subarray(CATEGORY_SLOTS))},` +
        `"brands":${facetsJson(state.brands, brandCounts)},` +
        `"flavors":${facetsJson(state.flavors, flavorCounts.subarray(FLAVOR_SLOTS))},` +
        `"priceRange":${JSON.stringify(priceRange)}}`,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.refreshing;
  }
}

/**
 * A listing of one flavor shows each product in that flavor (its packshot, price and stock), so a
 * card matches the flavor page it opens. Read per page: the index keeps no copy of every product
 * in every flavor.
 */
async function asFlavor(db: Executor, entries: Entry[], flavorSlug: string): Promise<Buffer[]> {
  const looks = await loadFlavorLooks(
    db,
    entries.map((entry) => entry.id),
    flavorSlug,
  );
  return entries.map((entry) => {
    const look = looks.get(entry.id);
    if (!look) return entry.summary;
    const summary = JSON.parse(entry.summary.toString('utf8')) as ProductSummary;
    return Buffer.from(JSON.stringify({ ...summary, ...look }));
  });
}

/**
 * The best few products for the plan, best first. Every word in the name is the best tier: when
 * enough products have that, the answer is among them, found in the names' postings alone (a
 * tenth of the text); the whole text is searched only when they are too few.
 */
function suggestIn(state: State, plan: TextPlan, limit: number): string {
  let docs: Int32Array;
  let tierAt: (doc: number) => Tier;
  const named = live(state, state.names.match(plan.alternatives).docs);
  const relevance = { order: state.orders.relevance, ranks: state.ranks.relevance };
  if (named.length >= limit) {
    docs = firstInOrder(state, named, limit, relevance.order, relevance.ranks, null);
    tierAt = () => 3;
  } else {
    const matched = matchText(state, plan);
    docs = firstInOrder(
      state,
      matched.docs,
      limit,
      relevance.order,
      relevance.ranks,
      matched.tiers,
    );
    tierAt = (doc) => matched.tiers[doc] as Tier;
  }
  const query = trigrams(plan.text);
  const best = Array.from(docs, (doc) => {
    const entry = state.entries[doc]!;
    return { entry, tier: tierAt(doc), similarity: similarity(entry.name, query) };
  }).sort((x, y) => y.tier - x.tier || y.similarity - x.similarity || byId(x.entry, y.entry));
  let json = '';
  for (const { entry, tier, similarity: closeness } of best) {
    json += `${json ? ',' : ''}${productSuggestionHead(entry)}${productScore(tier, closeness)}}`;
  }
  return `[${json}]`;
}

/**
 * A product's suggestion (the contract's ProductSuggestion) as JSON up to its score, written the
 * first time the product is suggested and kept with its entry (which a change replaces).
 */
function productSuggestionHead(entry: Entry): string {
  if (entry.suggestionHead === undefined) {
    const suggestion: Omit<ProductSuggestion, 'relevanceScore'> = {
      _id: entry.id,
      name: entry.name,
      slug: entry.slug,
      type: 'PRODUCT',
      image: entry.image,
      description: entry.excerpt,
      price: entry.price,
    };
    entry.suggestionHead = suggestionHead(suggestion);
  }
  return entry.suggestionHead;
}

/** The documents still live (the array is compacted in place). */
function live(state: State, docs: Int32Array): Int32Array {
  const alive = state.columns.live;
  let kept = 0;
  for (let i = 0; i < docs.length; i++) if (alive[docs[i]!] === 1) docs[kept++] = docs[i]!;
  return docs.subarray(0, kept);
}

/**
 * The live products matching every word of the plan, with their relevance tier: every word in
 * the name (3), each in the name, brand or categories (2), each before the description (1), or
 * only somewhere (0). Both are valid until the next query.
 */
function matchText(state: State, plan: TextPlan): { docs: Int32Array; tiers: Uint8Array } {
  const { docs, fields } = state.postings.match(plan.alternatives);
  const tiers = scratch(state, 'tiers', state.postings.size);
  const alive = state.columns.live;
  let kept = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (alive[doc] === 0) continue;
    tiers[doc] = tierOf(fields, doc);
    docs[kept++] = doc;
  }
  return { docs: docs.subarray(0, kept), tiers };
}

/** A matching document's tier, from the fields each query word matched it in (`fields[g][doc]`). */
function tierOf(fields: Uint8Array[], doc: number): Tier {
  // A word's first field is its lowest bit (`found & -found`); the tier is set by the query word
  // whose first field comes latest, the highest of those bits: 1 (the name) for every word in
  // the name, up to 3 for every word in the name, brand or categories, and so on.
  let latest = 0;
  for (let g = 0; g < fields.length; g++) {
    const found = fields[g]![doc]!;
    latest |= found & -found;
  }
  return TIER_BY_LATEST[latest]!;
}

/** The tier for each OR of the words' first field bits (the fields: postings.ts). */
const TIER_BY_LATEST: readonly Tier[] = Array.from({ length: 16 }, (_, latest) =>
  latest <= 0b0001 ? 3 : latest <= 0b0011 ? 2 : latest <= 0b0111 ? 1 : 0,
);

/**
 * A byte per document, reused from query to query (a query runs without awaiting, so none is in
 * use by another) and not cleared: each query writes the byte of every document it reads back.
 * Clearing them all cost each query time in proportion to the catalog, however few it matched.
 */
function scratch(state: State, name: 'chosen' | 'tiers', size: number): Uint8Array {
  let bytes = state.scratch[name];
  if (!bytes || bytes.length < size) {
    bytes = new Uint8Array(Math.ceil(size * 1.25));
    state.scratch[name] = bytes;
  }
  return bytes;
}

/** The search's sort keys, reused from query to query like the scratch bytes. */
function keyScratch(state: State, size: number): Float64Array {
  let keys = state.scratch.keys;
  if (!keys || keys.length < size) {
    keys = new Float64Array(Math.ceil(size * 1.25));
    state.scratch.keys = keys;
  }
  return keys;
}

/** Room for a rank (a position in an order) below the tier, in one number. */
const RANK_SPAN = 2 ** 26;

/**
 * The first `count` of `docs` in an order (`ranks[doc]` is a document's position in it,
 * `order[position]` the document), higher tiers first when `tiers` is given. Each document is
 * reduced to one number, its tier and rank, so the choice compares numbers (smallestKeys).
 */
function firstInOrder(
  state: State,
  docs: Int32Array,
  count: number,
  order: Int32Array,
  ranks: Int32Array,
  tiers: Uint8Array | null,
): Int32Array {
  const keys = keyScratch(state, docs.length).subarray(0, docs.length);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    keys[i] = (tiers === null ? 0 : (3 - tiers[doc]!) * RANK_SPAN) + ranks[doc]!;
  }
  return docsOf(smallestKeys(keys, count), order);
}

/**
 * The `count` smallest keys, ascending: one pass keeping the best few in a small sorted buffer
 * (a page of a search with thousands of matches; most keys lose to its last), or a native sort
 * of the keys in place when most are wanted.
 */
function smallestKeys(keys: Float64Array, count: number): Float64Array {
  if (count * 4 >= keys.length) return keys.sort().subarray(0, count);
  const first = new Float64Array(count);
  let size = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (size === count && key >= first[count - 1]!) continue;
    let at = size < count ? size++ : count - 1;
    while (at > 0 && key < first[at - 1]!) {
      first[at] = first[at - 1]!;
      at--;
    }
    first[at] = key;
  }
  return first.subarray(0, size);
}

/** The documents the keys name, in the keys' order. */
function docsOf(keys: Float64Array, order: Int32Array): Int32Array {
  const docs = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) docs[i] = order[keys[i]! % RANK_SPAN]!;
  return docs;
}

/**
 * Null for no filter; a membership table otherwise (all zero when no slug is known), where entry
 * `n` is at `n + shift`.
 */
function slugFilter(slugs: string[], taxonomy: Taxonomy, shift: number): Uint8Array | null {
  if (slugs.length === 0) return null;
  const member = new Uint8Array(taxonomy.entries.length + shift);
  for (const slug of slugs) {
    const n = taxonomy.bySlug.get(slug);
    if (n !== undefined) member[n + shift] = 1;
  }
  return member;
}

/**
 * The entries counted, as the contract's facet list in JSON: most products first, ties in name
 * order. Written from each entry's JSON head rather than by JSON.stringify over new objects,
 * which took a fifth of a product search.
 */
function facetsJson(taxonomy: Taxonomy, counts: Int32Array): string {
  // Each shown entry as one number, fewer products and then later in name order sorting after,
  // so a native sort of numbers orders them, without a comparator function called per pair.
  const keys: number[] = [];
  for (let n = 0; n < counts.length; n++) {
    if (counts[n]! > 0) keys.push((COUNT_SPAN - counts[n]!) * NAME_SPAN + taxonomy.nameOrder[n]!);
  }
  const sorted = Float64Array.from(keys).sort();
  let json = '';
  for (let i = 0; i < sorted.length; i++) {
    const n = taxonomy.byName[sorted[i]! % NAME_SPAN]!;
    json += `${i > 0 ? ',' : ''}${taxonomy.facetHeads[n]}${counts[n]}}`;
  }
  return `[${json}]`;
}

/** Room for a count of products and, below it, a position in name order, in one number. */
const COUNT_SPAN = 2 ** 31;
const NAME_SPAN = 2 ** 20;

function taxonomyOf(entries: TaxonomyEntry[]): Taxonomy {
  const nameOrder = new Int32Array(entries.length);
  const byName = new Int32Array(entries.length);
  entries
    .map((entry, n) => ({ name: entry.name, n }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .forEach(({ n }, position) => {
      nameOrder[n] = position;
      byName[position] = n;
    });
  return {
    entries,
    bySlug: new Map(entries.map((entry, n) => [entry.slug, n])),
    byId: new Map(entries.map((entry, n) => [entry.id, n])),
    facetHeads: entries.map(
      (entry) =>
        `{"slug":${JSON.stringify(entry.slug)},"name":${JSON.stringify(entry.name)},"count":`,
    ),
    nameOrder,
    byName,
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

/** Where an index reads from: the database, in one language. */
interface Source {
  db: Executor;
  locale: Locale;
}

/** The text and relations of the given products, those still active. */
async function readSources({ db, locale }: Source, ids: readonly string[]): Promise<SourceRow[]> {
  const only = sql`and p.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  return queryRows<SourceRow>(
    db,
    sql`
      select p.id, ${localizedField('p', 'description', locale)} as description, p.tags,
        p.sold_count,
        (select array_agg(pc.category_id) from product_categories pc
           where pc.product_id = p.id) as categories,
        (select json_agg(distinct jsonb_build_array(f.id, ${localizedField('f', 'name', locale)}))
           from variants v join flavors f on f.id = v.flavor_id
           where v.product_id = p.id and v.is_active) as flavors
      from products p where p.is_active ${only}`,
  );
}

/** The language's words to correct misspellings to (indexer.ts writes them). */
function readTerms({ db, locale }: Source) {
  return queryRows<{ term: string; frequency: number }>(
    db,
    sql`select term, frequency from search_terms where locale = ${locale}`,
  );
}

async function readVocabulary(source: Source): Promise<CatalogVocabulary> {
  const [terms, { categoryRows, brandRows, flavorRows }] = await Promise.all([
    readTerms(source),
    loadTaxonomyRows(source.db, source.locale),
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
    summary: Buffer.from(JSON.stringify(summary)),
  };
  const document: Document = [
    normalizeForIndex(summary.name),
    normalizeForIndex([summary.brand.name, ...summary.categories.map((c) => c.name)].join(' ')),
    normalizeForIndex([...flavorPairs.map(([, name]) => name), ...(source.tags ?? [])].join(' ')),
    normalizeForIndex(source.description),
  ];
  // The taxonomy positions too: the columns hold them fixed for the life of a document number.
  entry.textHash = hashText(
    `${document.join('\n')}\n${entry.brand};${entry.categories.join()};${entry.flavors.join()}`,
  );
  return { entry, document };
}

/** Summaries and search sources of the given active products, joined by id. */
async function readProducts(source: Source, ids: readonly string[]) {
  const [summaries, sources] = await Promise.all([
    loadActiveProductSummaries(source.db, source.locale, ids),
    readSources(source, ids),
  ]);
  const sourceById = new Map(sources.map((row) => [row.id, row]));
  return summaries.flatMap((summary) => {
    const source = sourceById.get(summary._id);
    return source ? [{ summary, source }] : [];
  });
}

/**
 * Products read per query by a full load. Reading them all at once held every row of the catalog
 * in memory beside the index being built (the shop's RSS was four times the index at 200,000
 * products, and the heap does not give that back).
 */
const LOAD_BATCH = 5_000;

async function loadState(source: Source, batchSize: number): Promise<State> {
  const [vocabulary, ids] = await Promise.all([
    readVocabulary(source),
    queryRows<{ id: string }>(source.db, sql`select id from products where is_active order by id`),
  ]);
  const state: State = {
    vocabulary,
    categories: taxonomyOf(vocabulary.categories),
    brands: taxonomyOf(vocabulary.brands),
    flavors: taxonomyOf(vocabulary.flavors),
    entries: [],
    numberOf: new Map(),
    postings: new Postings(),
    names: new Postings(),
    columns: new Columns(),
    orders: {} as State['orders'],
    ranks: {} as State['ranks'],
    scratch: {},
  };
  // A product changed between two batches is announced by the change feed, applied after.
  for (let from = 0; from < ids.length; from += batchSize) {
    const batch = ids.slice(from, from + batchSize).map((row) => row.id);
    for (const { summary, source: text } of await readProducts(source, batch)) {
      const { entry, document } = toEntry(state, summary, text);
      addEntry(state, entry, document);
    }
  }
  sortOrders(state, ORDER_NAMES);
  return state;
}

/** Re-reads the given products: changed ones are replaced, gone or inactive ones removed. */
async function refreshEntries(source: Source, state: State, ids: string[]): Promise<void> {
  const [rows, terms] = await Promise.all([readProducts(source, ids), readTerms(source)]);
  // Everything below runs without awaiting: a query sees the index before or after, not during.
  const changed = new Set<OrderName>();
  const fresh = new Map(rows.map((row) => [row.summary._id, row]));
  for (const id of ids) {
    const doc = state.numberOf.get(id);
    const row = fresh.get(id);
    if (!row) {
      if (doc === undefined) continue;
      state.entries[doc] = undefined;
      state.columns.live[doc] = 0;
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
      state.columns.update(doc, entry);
    } else {
      if (doc !== undefined) {
        state.entries[doc] = undefined;
        state.columns.live[doc] = 0;
      }
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
  state.names.add(doc, [document[0]]);
  state.columns.append(doc, entry);
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
