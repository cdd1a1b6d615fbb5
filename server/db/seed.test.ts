import { describe, expect, test } from 'vitest';
import { generateCatalog, slugify } from './seed.ts';
import { CATEGORIES, FIXED_PRODUCTS, PRODUCT_FAMILIES } from './seed-data.ts';
import {
  imageVersion,
  packShapeFor,
  productImageUrls,
  renderProductImage,
} from '../modules/catalog/images.ts';

const now = new Date('2026-06-01T12:00:00Z');

/** Everything but the random ids, to compare two generations. */
function shape(catalog: ReturnType<typeof generateCatalog>) {
  return {
    products: catalog.products.map(({ id: _id, brandId: _brandId, ...rest }) => rest),
    variants: catalog.variants.map(({ id: _id, productId: _p, flavorId: _f, ...rest }) => rest),
  };
}

describe('generateCatalog', () => {
  test('is deterministic: the same count gives the same catalog', () => {
    expect(shape(generateCatalog({ products: 300 }, now))).toEqual(
      shape(generateCatalog({ products: 300 }, now)),
    );
  });

  test('a bigger catalog starts with the same products', () => {
    const small = shape(generateCatalog({ products: 50 }, now));
    const big = shape(generateCatalog({ products: 500 }, now));
    expect(big.products.slice(0, 50)).toEqual(small.products);
  });

  test('the fixed products come first with their documented slugs and modes', () => {
    const catalog = generateCatalog({ products: 200 }, now);
    expect(catalog.products.slice(0, FIXED_PRODUCTS.length).map((p) => p.slug)).toEqual(
      FIXED_PRODUCTS.map((p) => p.slug),
    );
    const variantsOf = (slug: string) => {
      const product = catalog.products.find((p) => p.slug === slug)!;
      return catalog.variants.filter((v) => v.productId === product.id);
    };
    expect(variantsOf('glucosamine-joint-complex').every((v) => v.stock === 0)).toBe(true);
    expect(variantsOf('serious-mass-gainer').every((v) => (v.compareAtPrice ?? 0) > v.price)).toBe(
      true,
    );
    const whey = variantsOf('whey-protein-isolate');
    expect(whey.every((v) => (v.stock ?? 0) > 0 && v.compareAtPrice === null)).toBe(true);
  });

  // Generating 20,000 products takes a few seconds on a busy two-core machine.
  test(
    '20,000 products: unique slugs and SKUs, every product with two or more variants',
    { timeout: 60_000 },
    () => {
      const catalog = generateCatalog({ products: 20_000 }, now);
      expect(new Set(catalog.products.map((p) => p.slug)).size).toBe(20_000);
      expect(new Set(catalog.variants.map((v) => v.sku)).size).toBe(catalog.variants.length);
      const perProduct = new Map<string, number>();
      for (const v of catalog.variants)
        perProduct.set(v.productId, (perProduct.get(v.productId) ?? 0) + 1);
      expect(Math.min(...perProduct.values())).toBeGreaterThanOrEqual(2);
      expect(perProduct.size).toBe(20_000);
      const badPrices = catalog.variants.filter(
        (v) =>
          !Number.isInteger(v.price) ||
          v.price <= 0 ||
          (v.compareAtPrice !== null && v.compareAtPrice! <= v.price),
      );
      expect(badPrices).toEqual([]);
    },
  );

  test('created dates spread over the past year; slugs are URL-safe', () => {
    const catalog = generateCatalog({ products: 1000 }, now);
    const ages = catalog.products.map((p) => (now.getTime() - p.createdAt!.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(366);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(300);
    for (const p of catalog.products) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(new Set(p.tags).size, p.slug).toBe(p.tags!.length);
    }
  });

  test('product families only name categories that exist', () => {
    const slugs = new Set(CATEGORIES.map((c) => c.slug));
    for (const family of PRODUCT_FAMILIES) {
      for (const category of family.categories) expect(slugs, family.key).toContain(category);
    }
  });

  test('zero products still seeds the taxonomy', () => {
    const catalog = generateCatalog({ products: 0 }, now);
    expect(catalog.products).toEqual([]);
    expect(catalog.categories.length).toBe(CATEGORIES.length);
  });
});

describe('slugify', () => {
  test('drops accents, ampersands and punctuation', () => {
    expect(slugify('Crème Brûlée')).toBe('creme-brulee');
    expect(slugify('Cedar & Stone 100% Whey')).toBe('cedar-and-stone-100-whey');
    expect(slugify("  Men's Multivitamin 2.0 ")).toBe('men-s-multivitamin-2-0');
  });
});

describe('product images', () => {
  const art = {
    name: 'Whey <Isolate> & "More"',
    brandName: 'Cedar & Stone',
    brandColor: '#7f5539',
    shape: 'tub' as const,
    flavors: [
      { name: 'Crème Brûlée', color: '#e3b869' },
      { name: 'Mango', color: '#ffb347' },
    ],
  };

  test('one packshot per flavor plus the back of the pack', () => {
    const urls = productImageUrls('whey', art);
    expect(urls).toHaveLength(3);
    expect(renderProductImage(art, 3)).toContain('Nutrition Facts');
    expect(renderProductImage(art, 4)).toBeNull();
    expect(renderProductImage(art, 0)).toBeNull();
  });

  test('text is escaped', () => {
    const svg = renderProductImage(art, 1)!;
    expect(svg).toContain('Cedar &amp; Stone Whey &lt;Isolate&gt; &amp; &quot;More&quot;');
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  test('the version changes with what is drawn', () => {
    expect(imageVersion(art)).toBe(imageVersion({ ...art }));
    expect(imageVersion({ ...art, name: 'Other' })).not.toBe(imageVersion(art));
    expect(imageVersion({ ...art, brandColor: '#000000' })).not.toBe(imageVersion(art));
  });

  test('pack shape does not depend on category order', () => {
    expect(packShapeFor(['collagen', 'joint-health'])).toBe('tub');
    expect(packShapeFor(['joint-health', 'collagen'])).toBe('tub');
    expect(packShapeFor(['energy-drink'])).toBe('can');
    expect(packShapeFor(['vitamins', 'multivitamins'])).toBe('bottle');
    expect(packShapeFor(['protein-powder'])).toBe('tub');
  });
});
