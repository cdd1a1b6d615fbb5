/**
 * Every distinct product the TanStack Query cache holds, that is every product the shopper has
 * seen (home rows, listings, search results, product pages, suggested products), ready to be
 * searched offline.
 *
 * Products are recognised by the shape of each query's data, not by its key, so a list of
 * products added by a later feature counts too. A product seen in several places is merged by
 * `_id`: price, stock and rating come from the most recently fetched copy; its product page adds
 * the description and the flavors; a listing filtered on one flavor tells that flavor; a cached
 * suggestion lends its description when the page was never opened.
 */
import type { ProductSummary, TaxonomyRef } from '../../../../contract/catalog.ts';

/** What the search needs of a cached query (a TanStack `Query` is one). */
export interface CachedQuery {
  readonly queryKey: readonly unknown[];
  readonly state: { readonly data: unknown; readonly dataUpdatedAt: number };
}

export interface CachedProduct extends ProductSummary {
  /** From the product page or a suggestion; '' when neither was seen. */
  description: string;
  /** The flavors it is known to come in (from its page or a flavor listing); often none. */
  flavors: TaxonomyRef[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRef = (value: unknown): value is TaxonomyRef =>
  isObject(value) &&
  typeof value._id === 'string' &&
  typeof value.slug === 'string' &&
  typeof value.name === 'string';

/** Strict enough that a cart line or an order is never taken for a product card. */
function isSummary(value: unknown): value is ProductSummary {
  if (!isRef(value)) return false;
  const product = value as unknown as Json;
  return (
    isRef(product.brand) &&
    Array.isArray(product.categories) &&
    product.categories.every(isRef) &&
    typeof product.price === 'number' &&
    typeof product.rating === 'number' &&
    typeof product.inStock === 'boolean' &&
    typeof product.createdAt === 'string'
  );
}

export function productSummary(product: ProductSummary): ProductSummary {
  return {
    _id: product._id,
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    categories: product.categories,
    image: product.image,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    onSale: product.onSale,
    priceVaries: product.priceVaries,
    rating: product.rating,
    reviewCount: product.reviewCount,
    inStock: product.inStock,
    createdAt: product.createdAt,
  };
}

interface Description {
  text: string;
  fromPage: boolean;
}

/** What one query tells about products. */
interface Sighting {
  summaries: ProductSummary[];
  /** Descriptions by product `_id`; a product page's beats a suggestion's excerpt. */
  descriptions: Map<string, Description>;
  /** Flavors by product `_id`. */
  flavors: Map<string, TaxonomyRef[]>;
  /**
   * From a listing of one flavor, whose cards show the product in that flavor (its picture and
   * price), not as every other listing does: such a card stands in only until another is seen.
   */
  inOneFlavor: boolean;
}

function flavorsOfDetail(detail: Json): TaxonomyRef[] {
  const variants = Array.isArray(detail.variants) ? detail.variants : [];
  return variants.flatMap((variant) =>
    isObject(variant) && isRef(variant.flavor) ? [variant.flavor] : [],
  );
}

/**
 * A listing filtered on exactly one flavor holds only products that come in it (with several,
 * each product has one of them, but which is unknown). Its name is in the answer's facets, which
 * carry no ids: the slug stands in for the id (the offline search goes by slugs).
 */
function listingFlavor(response: Json): TaxonomyRef | null {
  const filters = isObject(response.meta) ? response.meta.filters : undefined;
  const slugs = isObject(filters) && Array.isArray(filters.flavor) ? filters.flavor : [];
  const [slug] = slugs;
  if (slugs.length !== 1 || typeof slug !== 'string') return null;
  const facets = isObject(response.facets) ? response.facets.flavors : undefined;
  const facet: unknown = Array.isArray(facets)
    ? facets.find((f) => isObject(f) && f.slug === slug)
    : undefined;
  const name = isObject(facet) && typeof facet.name === 'string' ? facet.name : null;
  return { _id: slug, slug, name: name ?? slug.replace(/-/g, ' ') };
}

function sightingOf(data: unknown): Sighting {
  const sighting: Sighting = {
    summaries: [],
    descriptions: new Map(),
    flavors: new Map(),
    inOneFlavor: false,
  };
  if (Array.isArray(data)) {
    for (const item of data) {
      if (isSummary(item)) sighting.summaries.push(item);
      else if (
        isObject(item) &&
        item.type === 'PRODUCT' &&
        typeof item._id === 'string' &&
        typeof item.description === 'string'
      ) {
        sighting.descriptions.set(item._id, { text: item.description, fromPage: false });
      }
    }
  } else if (isSummary(data)) {
    const detail = data as unknown as Json;
    sighting.summaries.push(data);
    if (typeof detail.description === 'string') {
      sighting.descriptions.set(data._id, { text: detail.description, fromPage: true });
    }
    sighting.flavors.set(data._id, flavorsOfDetail(detail));
  } else if (isObject(data) && isObject(data.results) && Array.isArray(data.results.products)) {
    const flavor = listingFlavor(data);
    sighting.inOneFlavor = flavor !== null;
    for (const item of data.results.products) {
      if (!isSummary(item)) continue;
      sighting.summaries.push(item);
      if (flavor) sighting.flavors.set(item._id, [flavor]);
    }
  }
  return sighting;
}

interface Entry {
  summary: ProductSummary;
  seenAt: number;
  description: Description | null;
  flavors: Map<string, TaxonomyRef>;
  inOneFlavor: boolean;
}

export function collectCachedProducts(queries: readonly CachedQuery[]): CachedProduct[] {
  const entries = new Map<string, Entry>();
  const descriptions: [id: string, Description][] = [];
  for (const query of queries) {
    const { data, dataUpdatedAt } = query.state;
    if (data === undefined) continue;
    const sighting = sightingOf(data);
    for (const summary of sighting.summaries) {
      const entry = entries.get(summary._id);
      if (!entry) {
        entries.set(summary._id, {
          summary: productSummary(summary),
          seenAt: dataUpdatedAt,
          description: null,
          flavors: new Map(),
          inOneFlavor: sighting.inOneFlavor,
        });
      } else if (
        entry.inOneFlavor === sighting.inOneFlavor
          ? dataUpdatedAt > entry.seenAt
          : entry.inOneFlavor
      ) {
        entry.summary = productSummary(summary);
        entry.seenAt = dataUpdatedAt;
        entry.inOneFlavor = sighting.inOneFlavor;
      }
      for (const flavor of sighting.flavors.get(summary._id) ?? []) {
        entries.get(summary._id)?.flavors.set(flavor.slug, flavor);
      }
    }
    descriptions.push(...sighting.descriptions);
  }
  // Suggestions may be cached before the cards of the products they describe: applied last.
  for (const [id, description] of descriptions) {
    const entry = entries.get(id);
    if (entry && (!entry.description || (description.fromPage && !entry.description.fromPage))) {
      entry.description = description;
    }
  }
  return [...entries.values()].map((entry) => ({
    ...entry.summary,
    description: entry.description?.text ?? '',
    flavors: [...entry.flavors.values()],
  }));
}
