import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Brand, Category, Flavor, ProductDetail } from '../../contract/catalog.ts';
import { seedCatalog } from '../../server/db/seed.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    prepare: async (database) => {
      await seedCatalog(database.db, { products: 30 });
    },
  });
});

afterAll(() => t.close());

/**
 * A strict-enough XML well-formedness check for the small SVGs the server draws: one root,
 * balanced and properly nested tags, quoted attributes, and no bare `&` or `<` in text.
 * Returns the problem found, or null when the document is well formed.
 */
function xmlProblem(document: string): string | null {
  const stack: string[] = [];
  let roots = 0;
  let position = 0;
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
  while (position < document.length) {
    const next = document.indexOf('<', position);
    const text = document.slice(position, next === -1 ? undefined : next);
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/.test(text)) {
      return `bare & in text near "${text.slice(0, 40)}"`;
    }
    if (text.trim() && stack.length === 0) return `text outside the root: "${text.slice(0, 40)}"`;
    if (next === -1) break;
    token.lastIndex = next;
    const match = token.exec(document);
    if (!match) return `malformed tag at ${next}: "${document.slice(next, next + 40)}"`;
    const [whole, closing, name, attributes, selfClosing] = match;
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/.test(attributes ?? '')) {
      return `bare & in attributes of <${name}>`;
    }
    if (closing) {
      if (stack.pop() !== name) return `</${name}> closes the wrong element`;
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name!);
    }
    position = next + whole.length;
  }
  if (stack.length) return `unclosed <${stack.at(-1)}>`;
  if (roots !== 1) return `expected one root element, found ${roots}`;
  return null;
}

async function data<T>(url: string): Promise<T> {
  return ((await t.app.inject(url)).json() as { data: T }).data;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The SVG a stored (PNG) image URL is rasterised from. */
const svgOf = (url: string) => url.replace(/\.png(\?|$)/, '.svg$1');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG answer: the signature, and the width and height from its IHDR chunk. */
function pngSize(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  const body = res.rawPayload;
  expect(body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20), bytes: body.length };
}

function expectSvg(res: Awaited<ReturnType<TestApp['app']['inject']>>, title: RegExp) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(xmlProblem(res.body)).toBeNull();
  expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  const match = /<title>([^<]+)<\/title>/.exec(res.body);
  expect(match?.[1]).toMatch(title);
  expect(res.body.length).toBeLessThan(6000);
}

describe('product images', () => {
  test('every stored image URL answers a PNG cached for a year, drawn from a small, well-formed SVG', async () => {
    const product = await data<ProductDetail>('/api/v1/products/whey-protein-isolate');
    expect(product.images).toHaveLength(5);
    for (const url of product.images) {
      expect(url).toMatch(/^\/api\/v1\/images\/products\/whey-protein-isolate\/\d\.png\?v=[\w-]+$/);
      const png = await t.app.inject(url);
      expect(pngSize(png)).toMatchObject({ width: 400, height: 400 });
      expect(png.headers['cache-control']).toBe(IMMUTABLE);
      const res = await t.app.inject(svgOf(url));
      expectSvg(res, /^Ironclad Nutrition Whey Protein Isolate — /);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
    const front = await t.app.inject(svgOf(product.images[0]!));
    expect(front.body).toContain('Whey Protein');
    const back = await t.app.inject(svgOf(product.images.at(-1)!));
    expect(back.body).toContain('Nutrition Facts');
  });

  test('packshots are coloured by brand and flavor', async () => {
    const product = await data<ProductDetail>('/api/v1/products/ignite-pre-workout');
    const brands = await data<Brand[]>('/api/v1/taxonomy/brands');
    const flavors = await data<Flavor[]>('/api/v1/taxonomy/flavors');
    const brand = brands.find((b) => b.slug === product.brand.slug)!;
    const res = await t.app.inject(svgOf(product.images[0]!));
    const firstFlavor = flavors
      .filter((f) => product.variants.some((v) => v.flavor._id === f._id))
      .sort((a, b) => (a.slug < b.slug ? -1 : 1))[0]!;
    expect(res.body).toContain(firstFlavor.color);
    expect(res.body).toContain(brand.name.toUpperCase());
    expect(res.body).toMatch(/<title>[^<]*Blue Raspberry<\/title>/);
  });

  test('names with & and accents are escaped and kept', async () => {
    const product = await data<ProductDetail>('/api/v1/products/glucosamine-joint-complex');
    const res = await t.app.inject(svgOf(product.images[0]!));
    expectSvg(res, /^Cedar &amp; Stone Glucosamine Joint Complex — Unflavored$/);
    const pinaColada = await t.app.inject(
      svgOf((await data<ProductDetail>('/api/v1/products/ignite-pre-workout')).images[2]!), // by slug: blue-raspberry, fruit-punch, pina-colada
    );
    expect(pinaColada.body).toContain('Piña Colada');
  });

  test('a URL without the current version is served but only cached briefly', async () => {
    const res = await t.app.inject('/api/v1/images/products/whey-protein-isolate/1.svg');
    expectSvg(res, /Whey Protein Isolate/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const stale = await t.app.inject('/api/v1/images/products/whey-protein-isolate/1.svg?v=old');
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
  });

  test('a PNG comes at 400 px, or 200 or 800 px when asked; other widths are refused', async () => {
    const url = (await data<ProductDetail>('/api/v1/products/whey-protein-isolate')).images[0]!;
    const plain = pngSize(await t.app.inject(url));
    const small = pngSize(await t.app.inject(`${url}&w=200`));
    const large = pngSize(await t.app.inject(`${url}&w=800`));
    expect(plain).toMatchObject({ width: 400, height: 400 });
    expect(small).toMatchObject({ width: 200, height: 200 });
    expect(large).toMatchObject({ width: 800, height: 800 });
    // A picture, not a blank canvas: the packshot's colours and text take more than a flat fill.
    expect(plain.bytes).toBeGreaterThan(3000);
    expect(small.bytes).toBeLessThan(plain.bytes);
    const bad = await t.app.inject(`${url}&w=500`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('querystring.w');
    expect(bad.json().errors[0].message).toBe('must be one of 200, 400, 800');
  });

  test('unknown products, image numbers past the last one, and bad file names', async () => {
    expect((await t.app.inject('/api/v1/images/products/nope/1.svg')).statusCode).toBe(404);
    expect(
      (await t.app.inject('/api/v1/images/products/whey-protein-isolate/6.svg')).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject('/api/v1/images/products/whey-protein-isolate/0.svg')).statusCode,
    ).toBe(404);
    const bad = await t.app.inject('/api/v1/images/products/whey-protein-isolate/1.jpg');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('params.file');
    expect((await t.app.inject('/api/v1/images/products/nope/1.png')).statusCode).toBe(404);
    expect((await t.app.inject('/api/v1/images/users/x/1.svg')).statusCode).toBe(400);
  });
});

describe('taxonomy images', () => {
  test('category, brand and flavor images are PNG tiles, drawn from SVG, cached for a year', async () => {
    const categories = await data<Category[]>('/api/v1/taxonomy/categories');
    const brands = await data<Brand[]>('/api/v1/taxonomy/brands');
    const flavors = await data<Flavor[]>('/api/v1/taxonomy/flavors');
    const urls: [string, RegExp][] = [
      [
        categories.find((c) => c.slug === 'amino-acids-bcaa-eaa')!.image!,
        /^Amino Acids \(BCAA\/EAA\) category$/,
      ],
      [brands.find((b) => b.slug === 'cedar-and-stone')!.image!, /^Cedar &amp; Stone logo$/],
      ...flavors.flatMap((f) =>
        [f.image, ...f.additionalImages]
          .filter((url): url is string => url !== null)
          .map((url): [string, RegExp] => [url, /flavor/]),
      ),
    ];
    for (const [url, title] of urls) {
      expect(url).toMatch(/\.png\?v=/);
      const png = await t.app.inject(url);
      expect(pngSize(png)).toMatchObject({ width: 400, height: 400 });
      expect(png.headers['cache-control'], url).toBe(IMMUTABLE);
      const res = await t.app.inject(svgOf(url));
      expectSvg(res, title);
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
    }
    const acai = flavors.find((f) => f.slug === 'acai-berry')!;
    expect((await t.app.inject(svgOf(acai.additionalImages[0]!))).body).toContain('Açaí Berry');
  });

  test("a category's picture shows the packs of its oldest products, in their flavors", async () => {
    const categories = await data<Category[]>('/api/v1/taxonomy/categories');
    for (const slug of ['protein-powder', 'energy-drink']) {
      const image = categories.find((c) => c.slug === slug)!.image!;
      const result = (await t.db.execute(sql`
        select (select f.color from variants v join flavors f on f.id = v.flavor_id
                where v.product_id = p.id and v.is_active order by f.slug collate "C" limit 1) as color
        from product_categories pc
        join categories c on c.id = pc.category_id
        join products p on p.id = pc.product_id
        where c.slug = ${slug} and p.is_active
        order by p.created_at, p.id collate "C" limit 3`)) as unknown as {
        rows: { color: string }[];
      };
      expect(result.rows.length).toBeGreaterThan(0);
      const res = await t.app.inject(svgOf(image));
      expect(res.statusCode).toBe(200);
      // Up to three packs, each labelled in its product's first flavor, no lettering to squint at.
      expect(res.body.match(/<g transform=/g) ?? []).toHaveLength(result.rows.length);
      for (const { color } of result.rows) expect(res.body).toContain(`fill="${color}"`);
      expect(res.body).not.toContain('<text');
    }
  });

  test('categories and brands have one image, flavors three', async () => {
    expect((await t.app.inject('/api/v1/images/categories/creatine/2.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/api/v1/images/brands/apex-labs/2.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/api/v1/images/flavors/mango/3.svg')).statusCode).toBe(200);
    expect((await t.app.inject('/api/v1/images/flavors/mango/4.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/api/v1/images/flavors/no-such/1.svg')).statusCode).toBe(404);
  });
});

describe('the well-formedness check itself', () => {
  test('rejects broken documents', () => {
    expect(xmlProblem('<svg><title>a & b</title></svg>')).toMatch(/bare &/);
    expect(xmlProblem('<svg><g></svg>')).toMatch(/wrong element/);
    expect(xmlProblem('<svg><rect x=1/></svg>')).toMatch(/malformed/);
    expect(xmlProblem('<svg/><svg/>')).toMatch(/one root/);
    expect(xmlProblem('<svg><title>a &amp; b</title><rect x="1"/></svg>')).toBeNull();
  });
});

describe('migration 0008 (raster images)', () => {
  test('moves the stored URLs of generated images from .svg to .png, and no others', async () => {
    const urlsNow = async () =>
      (
        (await t.db.execute(sql`
          SELECT image AS url FROM categories WHERE image IS NOT NULL
          UNION ALL SELECT image FROM brands WHERE image IS NOT NULL
          UNION ALL SELECT image FROM flavors WHERE image IS NOT NULL
          UNION ALL SELECT jsonb_array_elements_text(additional_images) FROM flavors
          UNION ALL SELECT jsonb_array_elements_text(images) FROM products`)) as unknown as {
          rows: { url: string }[];
        }
      ).rows.map((row) => row.url);
    const current = await urlsNow();
    expect(current.length).toBeGreaterThan(30);
    // A shop seeded before the change: its URLs end in .svg; and one foreign image URL.
    const toSvg = (column: string) => sql.raw(`replace(${column}, '.png?v=', '.svg?v=')`);
    await t.db.execute(sql`UPDATE categories SET image = ${toSvg('image')}`);
    await t.db.execute(sql`UPDATE brands SET image = ${toSvg('image')}`);
    await t.db.execute(sql`UPDATE flavors SET image = ${toSvg('image')},
      additional_images = ${toSvg('additional_images::text')}::jsonb`);
    await t.db.execute(sql`UPDATE products SET images = ${toSvg('images::text')}::jsonb`);
    const foreign = 'https://cdn.example.com/art.svg?v=1';
    await t.db.execute(sql`UPDATE brands SET image = ${foreign} WHERE slug = 'apex-labs'`);
    expect((await urlsNow()).filter((url) => url.includes('.svg?v=')).length).toBe(current.length);

    const migration = readFileSync(
      new URL('../../server/db/migrations/0008_raster_images.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement));
    }
    const after = await urlsNow();
    expect(after).toContain(foreign);
    expect(after.filter((url) => url !== foreign).every((url) => /\.png\?v=/.test(url))).toBe(true);
    expect(after.length).toBe(current.length);
  });
});
