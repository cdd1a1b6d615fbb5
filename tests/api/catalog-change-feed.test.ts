/**
 * Which catalog changes the database announces (the catalog_changed channel, which makes every
 * instance drop the cached answers and pages of the products named). A change a shopper can see is
 * announced; a sale that leaves the public answers as they were is not, so orders do not empty
 * the caches.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CART_LINE_MAX_QUANTITY } from '../../contract/cart.ts';
import { SHOWN_STOCK_MAX, type ProductDetail } from '../../contract/catalog.ts';
import type { CatalogChange } from '../../server/plugins/catalog-changes.ts';
import { brands, products, variants } from '../../server/modules/catalog/tables.ts';
import { queryRows } from '../../server/modules/search/sql.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

let t: TestApp;
const heard: CatalogChange[] = [];
beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
  t.app.catalogChanges.subscribe((change) => heard.push(change));
});
afterAll(() => t.close());

const setStock = (variantId: string, stock: number) =>
  t.db.update(variants).set({ stock }).where(eq(variants.id, variantId));

/**
 * What `act` made the database announce. A brand renamed afterwards is always announced (as every
 * product): once it is heard, everything `act` announced has been, in commit order.
 */
async function announcedBy(act: () => Promise<unknown>): Promise<CatalogChange[]> {
  heard.length = 0;
  await act();
  const name = `FX Labs ${heard.length}-${Date.now()}`;
  await t.db.update(brands).set({ name }).where(eq(brands.id, 'brand_fx'));
  await expect.poll(() => heard.includes('all'), { timeout: 5000 }).toBe(true);
  return heard.slice(0, heard.indexOf('all'));
}

const place = async (variantId: string, productId: string = F.whey) => {
  const shopper = await shopperWithCart(t.app, [{ productId, variantId, quantity: 1 }]);
  const body = { shippingAddress: TORONTO, shippingMethod: 'standard' as const };
  const res = await placeOrderCall(t.app, shopper, body);
  expect(res.statusCode).toBe(201);
};

async function shownStock(slug: string) {
  const res = await t.app.inject(`/api/v1/products/${slug}`);
  const detail = res.json().data as ProductDetail;
  return Object.fromEntries(detail.variants.map((variant) => [variant._id, variant.stock]));
}

test('the stock told is the shelf up to as many as one cart line holds', async () => {
  expect(SHOWN_STOCK_MAX).toBe(CART_LINE_MAX_QUANTITY);
  const [told] = await queryRows<{ many: number; few: number; none: number }>(
    t.db,
    sql`select shown_stock(1000) as many, shown_stock(3) as few, shown_stock(0) as none`,
  );
  expect(told).toEqual({ many: SHOWN_STOCK_MAX, few: 3, none: 0 });
  // Chocolate has 50 on the shelf, vanilla 3.
  expect(await shownStock('fx-gold-whey')).toEqual({
    [F.chocolate]: SHOWN_STOCK_MAX,
    [F.vanilla]: 3,
  });
});

test('a sale that leaves more than the stock told is not announced', async () => {
  expect(await announcedBy(() => place(F.chocolate))).toEqual([]);
  expect(await announcedBy(() => setStock(F.plenty, 4321))).toEqual([]);
  expect(await announcedBy(() => setStock(F.chocolate, SHOWN_STOCK_MAX))).toEqual([]);
});

test('a sale that changes the stock told, or sells a product out, is announced', async () => {
  // Chocolate holds SHOWN_STOCK_MAX now: one more sold is one fewer told.
  expect(await announcedBy(() => place(F.chocolate))).toEqual([[F.whey]]);
  expect((await shownStock('fx-gold-whey'))[F.chocolate]).toBe(SHOWN_STOCK_MAX - 1);
  expect(await announcedBy(() => place(F.vanilla))).toEqual([[F.whey]]);
  // The creatine's last variant in stock sells out: its product is out of stock.
  expect(await announcedBy(() => setStock(F.plenty, 1))).toEqual([[F.creatine]]);
  expect(await announcedBy(() => place(F.plenty, F.creatine))).toEqual([[F.creatine]]);
  const [creatine] = await t.db
    .select({ inStock: products.inStock })
    .from(products)
    .where(eq(products.id, F.creatine));
  expect(creatine?.inStock).toBe(false);
});

test('every other change to a product or a variant is announced', async () => {
  expect(
    await announcedBy(() =>
      t.db.update(variants).set({ price: 4899 }).where(eq(variants.id, F.chocolate)),
    ),
  ).toEqual([[F.whey]]);
  expect(
    await announcedBy(() =>
      t.db.update(products).set({ name: 'FX Gold Whey 2' }).where(eq(products.id, F.whey)),
    ),
  ).toEqual([[F.whey]]);
  expect(await announcedBy(() => setStock(F.unflavored, 40))).toEqual([[F.creatine]]);
});
