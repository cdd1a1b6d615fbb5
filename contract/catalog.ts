/**
 * Catalog shapes shared by the API and the PWA: taxonomy (categories, brands, flavors), product
 * summaries for cards, listings and search results, and the full product detail.
 * Money is integer cents, CAD. Image URLs are absolute paths such as `/api/v1/images/...`.
 */
import { z } from 'zod';
import { IMAGE_WIDTHS } from './image-rules.ts';
import { Review } from './reviews.ts';

export * from './image-rules.ts';

/** The smallest reference to a taxonomy item, embedded in products and variants. */
export const TaxonomyRef = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
});
export type TaxonomyRef = z.infer<typeof TaxonomyRef>;

export const Category = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
});
export type Category = z.infer<typeof Category>;

export const Brand = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** The brand's colour as `#rrggbb`. */
  color: z.string(),
});
export type Brand = z.infer<typeof Brand>;

export const Flavor = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** The flavor's colour as `#rrggbb`. */
  color: z.string(),
  /** Null for some flavors: show `additionalImages[0]` instead (never empty). */
  image: z.string().nullable(),
  additionalImages: z.array(z.string()),
});
export type Flavor = z.infer<typeof Flavor>;

export const TAXONOMY_NAMES = ['categories', 'brands', 'flavors'] as const;
export type TaxonomyName = (typeof TAXONOMY_NAMES)[number];

/** What a product card, a listing row or a search result shows. */
export const ProductSummary = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: TaxonomyRef,
  categories: z.array(TaxonomyRef),
  /** The product's main image (the first of the detail's `images`), or null when it has none. */
  image: z.string().nullable(),
  /** Lowest price over the product's active variants, in cents. */
  price: z.number().int(),
  /** Compare-at price of that cheapest variant in cents, or null when it is not discounted. */
  compareAtPrice: z.number().int().nullable(),
  /** True when the cheapest variant is discounted (compareAtPrice is set). */
  onSale: z.boolean(),
  /** True when the active variants do not all cost `price`: cards then read "From $X". */
  priceVaries: z.boolean(),
  /** Average rating, 0–5, one decimal. */
  rating: z.number(),
  reviewCount: z.number().int(),
  /** True when at least one active variant has stock. */
  inStock: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const NutritionFacts = z.object({
  servingSize: z.string(),
  servingsPerContainer: z.number().int(),
  rows: z.array(
    z.object({ name: z.string(), amount: z.string(), dailyValue: z.string().optional() }),
  ),
});
export type NutritionFacts = z.infer<typeof NutritionFacts>;

/**
 * The most units of one variant the public catalog tells: as many as one cart line may hold, so
 * every choice a shopper makes (how many to add, "Only 3 left", sold out) reads the same as with
 * the shelf's count. Beyond it the count is the desk's business, not a competitor's; and a sale
 * that leaves more than this changes no public answer, so it empties no cache. The database's
 * `shown_stock()` applies it (to answers, and to which changes it announces).
 */
export const SHOWN_STOCK_MAX = 20;

export const ProductVariant = z.object({
  _id: z.string(),
  sku: z.string(),
  flavor: TaxonomyRef,
  /** Human size label, e.g. `2 lb`, `60 capsules`, `24 × 355 mL`. */
  size: z.string(),
  price: z.number().int(),
  compareAtPrice: z.number().int().nullable(),
  /** Units on sale, told up to SHOWN_STOCK_MAX (20 means "20 or more"). */
  stock: z.number().int(),
  /** The packshot of this variant's flavor (one of the product's images), or null without any. */
  image: z.string().nullable(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/**
 * The product page. Only the page shows every image: a summary carries the first one alone, since
 * the gallery's URLs would be about two fifths of every listing's bytes and no card shows them.
 */
export const ProductDetail = ProductSummary.extend({
  /** Every image, the main one first. */
  images: z.array(z.string()),
  description: z.string(),
  nutritionFacts: NutritionFacts.nullable(),
  tags: z.array(z.string()),
  /** Active variants, ordered by flavor name then price. */
  variants: z.array(ProductVariant),
  /**
   * The newest few visible reviews (REVIEWS_PREVIEW_COUNT), so the page's first screen and its
   * structured data need no second request; the rest come from the reviews list. Always sent;
   * optional so a product answer cached before reviews existed (the service worker's) still reads.
   */
  reviewsPreview: z.array(Review).optional(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** `{ success: true, data }`, the envelope of every catalog answer. */
export const dataEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

export const TaxonomyParams = z.object({
  name: z.string().describe('categories, brands or flavors'),
});
export const CategoryListResponse = dataEnvelope(z.array(Category));
export const BrandListResponse = dataEnvelope(z.array(Brand));
export const FlavorListResponse = dataEnvelope(z.array(Flavor));
export type CategoryListResponse = z.infer<typeof CategoryListResponse>;
export type BrandListResponse = z.infer<typeof BrandListResponse>;
export type FlavorListResponse = z.infer<typeof FlavorListResponse>;

export const ProductIdentifierParams = z.object({
  identifier: z.string().trim().min(1).max(200).describe('the product slug or _id'),
});

export const PRODUCT_COLLECTIONS = ['top', 'new', 'bestsellers'] as const;
export type ProductCollection = (typeof PRODUCT_COLLECTIONS)[number];

export const ProductCollectionQuery = z.object({
  /** top: best rated; new: newest; bestsellers: most sold. */
  collection: z.enum(PRODUCT_COLLECTIONS).default('top'),
  limit: z.coerce.number().int().min(1).max(48).default(12),
});
export type ProductCollectionQuery = z.infer<typeof ProductCollectionQuery>;

export const SuggestedProductsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(8),
});

export const ProductListResponse = dataEnvelope(z.array(ProductSummary));
export type ProductListResponse = z.infer<typeof ProductListResponse>;
export const ProductDetailResponse = dataEnvelope(ProductDetail);
export type ProductDetailResponse = z.infer<typeof ProductDetailResponse>;

export const ImageParams = z.object({
  kind: z.enum(['products', 'categories', 'brands', 'flavors']),
  slug: z.string().min(1).max(200),
  file: z.string().regex(/^\d{1,2}\.(svg|png)$/, 'must look like 1.png or 1.svg'),
});
export const ImageQuery = z.object({
  v: z.string().max(64).optional().describe('content version; present in every stored URL'),
  w: z.coerce
    .number()
    .int()
    .refine((width) => (IMAGE_WIDTHS as readonly number[]).includes(width), {
      message: `must be one of ${IMAGE_WIDTHS.join(', ')}`,
    })
    .optional()
    .describe('width in pixels of a PNG image'),
});
