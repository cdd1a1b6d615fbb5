import { sql, type SQL } from 'drizzle-orm';
import {
  SearchProductsResponse,
  SuggestResponse,
  type ProductSuggestion,
  type SearchFacets,
  type SearchProductsQuery,
  type SearchSort,
} from '../../../contract/search.ts';
import type { Executor } from '../../db/client.ts';
import { loadProductSummaries } from '../catalog/service.ts';
import { AnswerCache } from './cache.ts';
import { Dictionary } from './dictionary.ts';
import { onSearchIndexRebuilt } from './indexer.ts';
import { queryTokens } from './normalize.ts';
import { planTextSearch, type TextPlan } from './plan.ts';
import { queryRows } from './sql.ts';
import { excerpt, suggestTaxonomy, taxonomyEntry, type TaxonomyEntry } from './taxonomy.ts';

export interface SearchServiceOptions {
  /**
   * How long answers are reused; 0 turns the answer caches (and the sharing of identical
   * in-flight queries) off. The catalog changes through seeding and admin edits, which rebuild
   * the index and clear these caches in this process; other instances catch up within the TTL,
   * and stock shown in results may lag by as much.
   */
  answerTtlMs?: number;
  /** How long the vocabulary and taxonomy are kept before being re-read. */
  snapshotTtlMs?: number;
}

/** The slow-changing parts of the catalog that every query needs, read once and shared. */
interface Snapshot {
  dictionary: Dictionary;
  categories: TaxonomyEntry[];
  brands: TaxonomyEntry[];
  flavors: (TaxonomyEntry & { additionalImages: string[] })[];
  categoryBySlug: Map<string, TaxonomyEntry>;
  brandBySlug: Map<string, TaxonomyEntry>;
  flavorBySlug: Map<string, TaxonomyEntry>;
  categoryById: Map<string, TaxonomyEntry>;
  brandById: Map<string, TaxonomyEntry>;
  flavorById: Map<string, TaxonomyEntry>;
}

const SUGGESTED_PRODUCTS = 5;
const SUGGESTED_PER_TAXONOMY = 3;

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
  rating: 'Top rated',
  name: 'Name: A to Z',
};

/** Relevance tier: the whole query in the name (3), in name/brand/categories (2), … (0). */
const tierOf = (plan: TextPlan) => sql`(case
  when p.search_vector @@ ${plan.queryA}::tsquery then 3
  when p.search_vector @@ ${plan.queryAB}::tsquery then 2
  when p.search_vector @@ ${plan.queryABC}::tsquery then 1
  else 0 end)`;

const TIER_BASE = [20, 35, 50, 70] as const;

/** A product's relevance percentage: its tier, plus up to 30 for a name close to the query. */
function productScore(tier: number, similarity: number): number {
  const base = TIER_BASE[Math.max(0, Math.min(3, tier))] ?? 20;
  return Math.max(0, Math.min(100, Math.round(base + 30 * similarity)));
}

export class SearchService {
  private snapshot: { value: Promise<Snapshot>; loadedAt: number } | null = null;
  /** Answers kept as the JSON text sent, so a hit costs neither a query nor a serialisation. */
  private readonly answers: AnswerCache<string>;
  /** Totals and facets depend on the words and filters only: every page and sort shares them. */
  private readonly facetCounts: AnswerCache<FacetCounts>;
  private readonly snapshotTtlMs: number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Executor,
    options: SearchServiceOptions = {},
  ) {
    const ttlMs = options.answerTtlMs ?? 30_000;
    this.snapshotTtlMs = options.snapshotTtlMs ?? 5 * 60_000;
    this.answers = new AnswerCache<string>({
      ttlMs,
      max: 5000,
      sizeOf: (json) => json.length,
      maxSize: 64 * 1024 * 1024,
    });
    this.facetCounts = new AnswerCache<FacetCounts>({ ttlMs, max: 2000 });
    this.unsubscribe = onSearchIndexRebuilt(() => this.invalidate());
  }

  /** Forgets everything cached; the next query re-reads the catalog. */
  invalidate(): void {
    this.snapshot = null;
    this.answers.clear();
    this.facetCounts.clear();
  }

  close(): void {
    this.unsubscribe();
    this.invalidate();
  }

  /** The `/search/suggest` answer for a (validated) term, as JSON text. */
  suggestJson(q: string): Promise<string> {
    return this.answers.get(`suggest:${queryTokens(q).join(' ')}`, async () =>
      JSON.stringify(SuggestResponse.parse({ success: true, suggestions: await this.suggest(q) })),
    );
  }

  /** The `/search/products` answer for a (validated) query, as JSON text. */
  searchProductsJson(query: SearchProductsQuery): Promise<string> {
    // The term itself is part of the key too: the answer echoes it back as typed.
    const key = JSON.stringify([
      query.search,
      matchKey(query),
      query.sort ?? 'relevance',
      query.page,
      query.limit,
    ]);
    return this.answers.get(`products:${key}`, async () => {
      const answer = await this.searchProducts(query);
      return JSON.stringify(SearchProductsResponse.parse({ success: true, ...answer }));
    });
  }

  async suggest(q: string): Promise<SuggestResponse['suggestions']> {
    const snapshot = await this.loadSnapshot();
    const plan = planTextSearch(q, snapshot.dictionary);
    if (!plan) return { products: [], categories: [], brands: [], flavors: [] };
    return {
      products: await this.suggestProducts(plan),
      categories: suggestTaxonomy(snapshot.categories, plan, 'CATEGORY', SUGGESTED_PER_TAXONOMY),
      brands: suggestTaxonomy(snapshot.brands, plan, 'BRAND', SUGGESTED_PER_TAXONOMY),
      flavors: suggestTaxonomy(
        snapshot.flavors,
        plan,
        'FLAVOR',
        SUGGESTED_PER_TAXONOMY,
        (flavor) => flavor.image ?? flavor.additionalImages[0] ?? null,
      ),
    };
  }

  async searchProducts(
    query: SearchProductsQuery,
  ): Promise<Omit<SearchProductsResponse, 'success'>> {
    const snapshot = await this.loadSnapshot();
    const plan = query.search ? planTextSearch(query.search, snapshot.dictionary) : null;
    return this.runProductSearch(query, plan, query.sort ?? 'relevance', snapshot);
  }

  private async suggestProducts(plan: TextPlan): Promise<ProductSuggestion[]> {
    const rows = await queryRows<{
      id: string;
      slug: string;
      name: string;
      image: string | null;
      description: string;
      price: number;
      tier: number;
      similarity: number;
    }>(
      this.db,
      // Trigram similarity is costly, so it is worked out for the few rows shown only.
      sql`
        select best.*, similarity(best.name, ${plan.text}) as similarity from (
          select p.id, p.slug, p.name, p.images->>0 as image,
            left(p.description, 400) as description, p.price, ${tierOf(plan)} as tier
          from products p
          where p.is_active and p.search_vector @@ ${plan.query}::tsquery
          order by ${orderBy('relevance', plan)}
          limit ${SUGGESTED_PRODUCTS}
        ) best
        order by best.tier desc, similarity desc, best.id`,
    );
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      slug: row.slug,
      type: 'PRODUCT' as const,
      image: row.image,
      description: excerpt(row.description),
      relevanceScore: productScore(Number(row.tier), Number(row.similarity)),
      price: Number(row.price),
    }));
  }

  private async runProductSearch(
    query: SearchProductsQuery,
    plan: TextPlan | null,
    sort: SearchSort,
    snapshot: Snapshot,
  ): Promise<Omit<SearchProductsResponse, 'success'>> {
    const filters = {
      category: query.category ?? [],
      brand: query.brand ?? [],
      flavor: query.flavor ?? [],
      minPrice: query.minPrice ?? null,
      maxPrice: query.maxPrice ?? null,
      inStock: query.inStock ?? false,
      minRating: query.minRating ?? null,
    };
    const sorting = {
      sort,
      label: sort === 'relevance' && !query.search ? 'Featured' : SORT_LABELS[sort],
      options: (Object.keys(SORT_LABELS) as SearchSort[]).map((value) => ({
        value,
        label: value === 'relevance' && !query.search ? 'Featured' : SORT_LABELS[value],
      })),
    };
    const meta = {
      terms: plan?.terms ?? [],
      corrections: plan?.corrections ?? [],
      didYouMean: plan?.didYouMean ?? null,
      filters,
    };

    // A term with no letters or digits (say `???`) cannot match anything.
    const nothing = Boolean(query.search) && !plan;
    const text = plan ? sql`p.search_vector @@ ${plan.query}::tsquery` : sql`${!nothing}`;
    const base = [
      sql`p.is_active`,
      text,
      filters.inStock ? sql`p.total_stock > 0` : sql`true`,
      filters.minRating !== null ? sql`p.rating >= ${filters.minRating}::real` : sql`true`,
    ];
    const inCategory = idsCondition(
      filters.category,
      snapshot.categoryBySlug,
      (ids) =>
        sql`p.id in (select pc.product_id from product_categories pc where pc.category_id in ${ids})`,
    );
    const inBrand = idsCondition(
      filters.brand,
      snapshot.brandBySlug,
      (ids) => sql`p.brand_id in ${ids}`,
    );
    const inFlavor = idsCondition(
      filters.flavor,
      snapshot.flavorBySlug,
      (ids) =>
        sql`exists (select 1 from variants v
        where v.product_id = p.id and v.is_active and v.flavor_id in ${ids})`,
    );
    const inPrice = sql`${
      filters.minPrice !== null ? sql`p.price >= ${filters.minPrice}` : sql`true`
    } and ${filters.maxPrice !== null ? sql`p.price <= ${filters.maxPrice}` : sql`true`}`;

    const where = sql.join([...base, inCategory, inBrand, inFlavor, inPrice], sql` and `);
    const offset = (query.page - 1) * query.limit;
    const [products, { totalProducts, facets }] = await Promise.all([
      queryRows<{ id: string }>(
        this.db,
        sql`select p.id from products p where ${where}
          order by ${orderBy(sort, plan)} limit ${query.limit} offset ${offset}`,
      ).then((rows) =>
        loadProductSummaries(
          this.db,
          rows.map((row) => row.id),
        ),
      ),
      this.facetCounts.get(matchKey(query), () =>
        countFacets(this.db, snapshot, sql.join(base, sql` and `), {
          inCategory,
          inBrand,
          inFlavor,
          inPrice,
        }),
      ),
    ]);
    const totalPages = Math.ceil(totalProducts / query.limit);
    return {
      results: {
        products,
        pagination: {
          totalProducts,
          page: query.page,
          limit: query.limit,
          totalPages,
          hasNextPage: query.page < totalPages,
          hasPrevPage: query.page > 1,
        },
        sorting,
      },
      meta,
      searchTerm: query.search,
      facets,
    };
  }

  private loadSnapshot(): Promise<Snapshot> {
    const now = Date.now();
    if (!this.snapshot || now - this.snapshot.loadedAt > this.snapshotTtlMs) {
      const value = readSnapshot(this.db);
      this.snapshot = { value, loadedAt: now };
      // A failed read must not be cached: the next request tries again.
      value.catch(() => {
        if (this.snapshot?.value === value) this.snapshot = null;
      });
    }
    return this.snapshot.value;
  }
}

/**
 * A taxonomy filter: the products with any of the given slugs. Unknown slugs match nothing,
 * so a filter made only of unknown slugs empties the result instead of being ignored.
 */
function idsCondition(
  slugs: string[],
  bySlug: Map<string, TaxonomyEntry>,
  condition: (ids: SQL) => SQL,
): SQL {
  if (slugs.length === 0) return sql`true`;
  const ids = slugs.flatMap((slug) => bySlug.get(slug)?.id ?? []);
  if (ids.length === 0) return sql`false`;
  return condition(
    sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

function orderBy(sort: SearchSort, plan: TextPlan | null): SQL {
  switch (sort) {
    case 'relevance':
      return plan
        ? // Within a tier, a shorter name is a closer match (cheap stand-in for similarity).
          sql`${tierOf(plan)} desc, length(p.name), (p.total_stock > 0) desc,
            p.sold_count desc, p.id`
        : // Without a query, "relevance" is the featured order: in stock, best selling, best rated.
          sql`(p.total_stock > 0) desc, p.sold_count desc, p.rating desc, p.id`;
    case 'price-asc':
      return sql`p.price asc, p.id`;
    case 'price-desc':
      return sql`p.price desc, p.id`;
    case 'newest':
      return sql`p.created_at desc, p.id`;
    case 'rating':
      return sql`p.rating desc, p.review_count desc, p.id`;
    case 'name':
      return sql`lower(p.name) asc, p.id`;
  }
}

interface FacetCounts {
  totalProducts: number;
  facets: SearchFacets;
}

/** What decides the set of matching products (not its order or page): the facet cache key. */
function matchKey(query: SearchProductsQuery): string {
  return JSON.stringify([
    queryTokens(query.search),
    query.search === '',
    query.category ?? [],
    query.brand ?? [],
    query.flavor ?? [],
    query.minPrice ?? null,
    query.maxPrice ?? null,
    query.inStock ?? false,
    query.minRating ?? null,
  ]);
}

/**
 * The number of matches, and facet counts in the way shoppers expect from filter sidebars:
 * each facet is counted with every filter applied except its own (choosing a second brand must
 * stay possible once one is chosen), and the price range ignores the price filter.
 */
async function countFacets(
  db: Executor,
  snapshot: Snapshot,
  base: SQL,
  filters: { inCategory: SQL; inBrand: SQL; inFlavor: SQL; inPrice: SQL },
): Promise<FacetCounts> {
  const rows = await queryRows<{
    kind: string;
    key: string | null;
    n: number;
    lo: number | null;
    hi: number | null;
  }>(
    db,
    sql`
      with base as materialized (
        select p.id, p.brand_id, p.price,
          ${filters.inCategory} as in_category, ${filters.inBrand} as in_brand,
          ${filters.inFlavor} as in_flavor, ${filters.inPrice} as in_price
        from products p
        where ${base}
      )
      select 'total' as kind, null as key, count(*)::int as n, null::int as lo, null::int as hi
        from base where in_category and in_brand and in_flavor and in_price
      union all
      select 'category', pc.category_id, count(*)::int, null, null
        from base join product_categories pc on pc.product_id = base.id
        where in_brand and in_flavor and in_price group by pc.category_id
      union all
      select 'brand', brand_id, count(*)::int, null, null
        from base where in_category and in_flavor and in_price group by brand_id
      union all
      select 'flavor', f.flavor_id, count(*)::int, null, null
        from (
          select distinct v.product_id, v.flavor_id
          from base join variants v on v.product_id = base.id
          where v.is_active and in_category and in_brand and in_price
        ) f
        group by f.flavor_id
      union all
      select 'price', null, count(*)::int, min(price)::int, max(price)::int
        from base where in_category and in_brand and in_flavor`,
  );

  const facets: SearchFacets = {
    categories: [],
    brands: [],
    flavors: [],
    priceRange: { min: null, max: null },
  };
  let totalProducts = 0;
  for (const row of rows) {
    const count = Number(row.n);
    if (row.kind === 'total') totalProducts = count;
    else if (row.kind === 'price') {
      facets.priceRange = {
        min: row.lo === null ? null : Number(row.lo),
        max: row.hi === null ? null : Number(row.hi),
      };
    } else {
      const [list, byId] =
        row.kind === 'category'
          ? [facets.categories, snapshot.categoryById]
          : row.kind === 'brand'
            ? [facets.brands, snapshot.brandById]
            : [facets.flavors, snapshot.flavorById];
      const entry = row.key ? byId.get(row.key) : undefined;
      if (entry) list.push({ _id: entry.id, slug: entry.slug, name: entry.name, count });
    }
  }
  for (const list of [facets.categories, facets.brands, facets.flavors]) {
    list.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  }
  return { totalProducts, facets };
}

async function readSnapshot(db: Executor): Promise<Snapshot> {
  type Row = {
    kind: 'category' | 'brand' | 'flavor';
    id: string;
    slug: string;
    name: string;
    description: string;
    image: string | null;
    additional_images: string[] | string | null;
  };
  const [terms, rows] = await Promise.all([
    queryRows<{ term: string; frequency: number }>(
      db,
      sql`select term, frequency from search_terms`,
    ),
    queryRows<Row>(
      db,
      sql`
        select 'category' as kind, id, slug, name, description, image, null::jsonb as additional_images
          from categories
        union all
        select 'brand', id, slug, name, description, image, null from brands
        union all
        select 'flavor', id, slug, name, description, image, additional_images from flavors`,
    ),
  ]);
  const categories: TaxonomyEntry[] = [];
  const brands: TaxonomyEntry[] = [];
  const flavors: (TaxonomyEntry & { additionalImages: string[] })[] = [];
  for (const row of rows) {
    const entry = taxonomyEntry(row);
    if (row.kind === 'category') categories.push(entry);
    else if (row.kind === 'brand') brands.push(entry);
    else {
      const extra = row.additional_images;
      const additionalImages = (typeof extra === 'string' ? JSON.parse(extra) : extra) ?? [];
      flavors.push({ ...entry, additionalImages });
    }
  }
  const bySlug = (list: TaxonomyEntry[]) => new Map(list.map((entry) => [entry.slug, entry]));
  const byId = (list: TaxonomyEntry[]) => new Map(list.map((entry) => [entry.id, entry]));
  return {
    dictionary: new Dictionary(
      terms.map((row) => ({ term: row.term, frequency: Number(row.frequency) })),
    ),
    categories,
    brands,
    flavors,
    categoryBySlug: bySlug(categories),
    brandBySlug: bySlug(brands),
    flavorBySlug: bySlug(flavors),
    categoryById: byId(categories),
    brandById: byId(brands),
    flavorById: byId(flavors),
  };
}
