/**
 * The related products of a product page, against their plain definition: every active product
 * sharing a category or the brand, but the product itself; in stock first, then more categories
 * shared, then the same brand, then rating, units sold and id. The definition below reads the
 * whole catalog; the shop's query reads only what is related (through two indexes) and only the
 * first of the products that share the brand alone. They must agree for every product and limit.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_LOCALE } from '../../contract/locale.ts';
import { listSuggestedProducts } from '../../server/modules/catalog/service.ts';
import { productCategories, products, variants } from '../../server/modules/catalog/tables.ts';
import { createCatalogTestApp, rowsOf, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createCatalogTestApp();
});

afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.db, query);

/** The order, stated plainly over the whole catalog. */
async function definedSuggestions(id: string, limit: number): Promise<string[]> {
  const found = await rows<{ brand_id: string }>(
    sql`select brand_id from products where id = ${id}`,
  );
  const brandId = found[0]!.brand_id;
  const ranked = await rows<{ id: string }>(sql`
    select p.id
    from products p
    left join (
      select theirs.product_id, count(*) as shared
      from product_categories mine
      join product_categories theirs on theirs.category_id = mine.category_id
      where mine.product_id = ${id}
      group by theirs.product_id
    ) r on r.product_id = p.id
    where p.is_active and p.id <> ${id} and (r.shared is not null or p.brand_id = ${brandId})
    order by p.in_stock desc, r.shared desc nulls last, p.brand_id = ${brandId} desc,
      p.rating desc, p.sold_count desc, p.id
    limit ${limit}`);
  return ranked.map((row) => row.id);
}

async function suggested(id: string, limit: number): Promise<string[]> {
  const list = await listSuggestedProducts(t.db, id, limit, DEFAULT_LOCALE);
  expect(list, id).not.toBeNull();
  return list!.map((product) => product._id);
}

const LIMITS = [1, 3, 8, 24];

async function expectEveryProductAsDefined() {
  const active = await rows<{ id: string }>(sql`select id from products where is_active`);
  expect(active.length).toBeGreaterThan(150);
  for (const { id } of active) {
    for (const limit of LIMITS) {
      expect(await suggested(id, limit), `${id}, limit ${limit}`).toEqual(
        await definedSuggestions(id, limit),
      );
    }
  }
}

describe('GET /products/{identifier}/suggested', () => {
  test('is kept, and follows a change to any product at once', async () => {
    const [pick] = await rows<{ id: string; slug: string }>(
      sql`select id, slug from products where is_active order by id limit 1`,
    );
    const url = `/api/v1/products/${pick!.slug}/suggested?limit=3`;
    const read = async () => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      return {
        etag: res.headers.etag,
        ids: res.json<{ data: { _id: string }[] }>().data.map((p) => p._id),
      };
    };
    const before = await read();
    expect(before.ids).toEqual(await definedSuggestions(pick!.id, 3));
    expect((await read()).etag).toBe(before.etag);

    // The first of them is switched off: the change reaches the kept answer through the
    // database's notification.
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, before.ids[0]!));
    let after = await read();
    for (let i = 0; after.etag === before.etag && i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      after = await read();
    }
    expect(after.ids).not.toContain(before.ids[0]);
    expect(after.ids).toEqual(await definedSuggestions(pick!.id, 3));
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, before.ids[0]!));
  });
});

describe('listSuggestedProducts', () => {
  test('agrees with the plain definition for every product and limit of the seeded shop', async () => {
    await expectEveryProductAsDefined();
  });

  test('agrees with it when inactive and sold-out products are among the related ones', async () => {
    // A product whose categories and brand are both shared by many.
    const [pick] = await rows<{ id: string; brand_id: string }>(sql`
      select p.id, p.brand_id from products p
      where p.is_active
      order by least(
        (select count(distinct theirs.product_id) from product_categories mine
          join product_categories theirs on theirs.category_id = mine.category_id
          where mine.product_id = p.id),
        (select count(*) from products b where b.brand_id = p.brand_id)) desc, p.id
      limit 1`);
    const sharing = (
      await rows<{ product_id: string }>(sql`
        select distinct theirs.product_id from product_categories mine
        join product_categories theirs on theirs.category_id = mine.category_id
        where mine.product_id = ${pick!.id} and theirs.product_id <> ${pick!.id}`)
    ).map((row) => row.product_id);
    const brandOnly = (
      await rows<{ id: string }>(sql`
        select id from products
        where brand_id = ${pick!.brand_id} and id <> ${pick!.id}
        order by id`)
    )
      .map((row) => row.id)
      .filter((id) => !sharing.includes(id));
    expect(sharing.length).toBeGreaterThan(3);
    expect(brandOnly.length).toBeGreaterThan(3);

    // Every product sharing a category sold out: the brand's own, in stock, now come first, and
    // more of them than the smaller limits take. One of each kind is switched off.
    await t.db.update(variants).set({ stock: 0 }).where(inArray(variants.productId, sharing));
    await t.db
      .update(products)
      .set({ isActive: false })
      .where(inArray(products.id, [sharing[0]!, brandOnly[0]!]));
    const expected = await definedSuggestions(pick!.id, 3);
    const stillInStock = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, sharing), eq(products.inStock, true)));
    expect(stillInStock).toEqual([]);
    expect(expected.every((id) => brandOnly.includes(id))).toBe(true);
    expect(await suggested(pick!.id, 3)).toEqual(expected);
    await expectEveryProductAsDefined();

    // Nothing related at all: the list is empty, not an error.
    await t.db.delete(productCategories).where(eq(productCategories.productId, pick!.id));
    await t.db
      .update(products)
      .set({ isActive: false })
      .where(and(eq(products.brandId, pick!.brand_id), ne(products.id, pick!.id)));
    expect(await suggested(pick!.id, 8)).toEqual([]);
  });
});
