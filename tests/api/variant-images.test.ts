import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Cart } from '../../contract/cart.ts';
import type { ProductDetail, ProductSummary } from '../../contract/catalog.ts';
import type { Order, OrdersPage } from '../../contract/orders.ts';
import { products } from '../../server/modules/catalog/tables.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

/**
 * The whey's packshots as the catalog stores them: one per active flavor in slug order
 * (fx-chocolate, fx-vanilla), then the back of the tub.
 */
const WHEY_IMAGES = [
  '/api/v1/images/products/fx-gold-whey/1.webp',
  '/api/v1/images/products/fx-gold-whey/2.webp',
  '/api/v1/images/products/fx-gold-whey/3.webp',
];
const VANILLA_PACKSHOT = WHEY_IMAGES[1];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: async ({ db }) => {
      await insertCartCatalog(db);
      await db.update(products).set({ images: WHEY_IMAGES }).where(eq(products.id, F.whey));
    },
    env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' },
  });
});
afterAll(() => t.close());

const vanilla = { productId: F.whey, variantId: F.vanilla, quantity: 1 };

describe("a line shows its variant's picture, not the product's first", () => {
  test('the product page names the vanilla packshot', async () => {
    const res = await t.app.inject({ url: '/api/v1/products/fx-gold-whey' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as ProductDetail;
    expect(detail.variants.find((v) => v._id === F.vanilla)?.image).toBe(VANILLA_PACKSHOT);
  });

  test('cart, quote, order and the order list', async () => {
    const shopper = await shopperWithCart(t.app, [vanilla]);
    const cart = (await cartCall(t.app, 'GET', '/cart', shopper)).json().data as Cart;
    expect(cart.items.map((item) => item.image)).toEqual([VANILLA_PACKSHOT]);

    const body = { shippingAddress: TORONTO, shippingMethod: 'standard' as const };
    const quote = await cartCall(t.app, 'POST', '/checkout/quote', shopper, body);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.lines[0].image).toBe(VANILLA_PACKSHOT);

    const placed = await placeOrderCall(t.app, shopper, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json().data as { order: Order };
    expect(order.lines.map((line) => line.image)).toEqual([VANILLA_PACKSHOT]);

    const read = await cartCall(t.app, 'GET', `/orders/${order.id}`, shopper);
    expect((read.json().data as Order).lines[0]!.image).toBe(VANILLA_PACKSHOT);

    const mine = await cartCall(t.app, 'GET', '/orders/my', shopper);
    expect((mine.json().data as OrdersPage).items[0]!.images).toEqual([VANILLA_PACKSHOT]);
  });
});

describe("a flavor's listing shows each product in that flavor", () => {
  test("the flavor's picture and price, not the product's first and cheapest", async () => {
    const listing = async (query: Record<string, string>) => {
      const res = await t.app.inject({ url: '/api/v1/search/products', query });
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json().results.products as ProductSummary[];
      return found.find((product) => product._id === F.whey)!;
    };
    const plain = await listing({});
    expect(plain.image).toBe(WHEY_IMAGES[0]);

    const inVanilla = await listing({ flavor: 'fx-vanilla' });
    expect(inVanilla).toMatchObject({
      image: VANILLA_PACKSHOT,
      price: 2999,
      compareAtPrice: null,
      onSale: false,
      priceVaries: false,
      inStock: true,
    });
    const inChocolate = await listing({ flavor: 'fx-chocolate' });
    expect(inChocolate).toMatchObject({
      image: WHEY_IMAGES[0],
      price: 4999,
      compareAtPrice: 5999,
      onSale: true,
    });
  });
});
