/**
 * The cart service called directly on a fresh database: a line may hold exactly what is left on
 * the shelf, and abandoned guest carts are swept when a new guest cart is made, at most once every
 * ten minutes (600,000 ms).
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { hashToken } from '../../server/lib/tokens.ts';
import {
  addItem,
  loadCart,
  sweepExpiredGuestCarts,
  updateItem,
  type CartOwner,
} from '../../server/modules/cart/service.ts';
import { carts } from '../../server/modules/cart/tables.ts';
import { cartCatalogDatabase, F } from './cart-fixtures.ts';

const db = cartCatalogDatabase();
afterEach(() => {
  vi.restoreAllMocks();
});

const newGuest: CartOwner = { kind: 'guest', guestCartId: null };
const guest = (guestCartId: string): CartOwner => ({ kind: 'guest', guestCartId });

describe('exactly what is left on the shelf', () => {
  test('all 3 vanilla go into a cart at once, or 1 and then 2', async () => {
    const all = await addItem(db(), newGuest, {
      productId: F.whey,
      variantId: F.vanilla,
      quantity: 3,
    });
    expect((await loadCart(db(), all, 'en-CA')).items.map((item) => item.quantity)).toEqual([3]);

    const first = await addItem(db(), newGuest, {
      productId: F.whey,
      variantId: F.vanilla,
      quantity: 1,
    });
    const then = await addItem(db(), guest(first.guestCartId!), {
      productId: F.whey,
      variantId: F.vanilla,
      quantity: 2,
    });
    expect((await loadCart(db(), then, 'en-CA')).items.map((item) => item.quantity)).toEqual([3]);
  });

  test('a line is changed to all 3 vanilla', async () => {
    const cart = await addItem(db(), newGuest, {
      productId: F.whey,
      variantId: F.vanilla,
      quantity: 1,
    });
    const [line] = (await loadCart(db(), cart, 'en-CA')).items;
    const changed = await updateItem(db(), guest(cart.guestCartId!), line!.itemId, 3);
    expect((await loadCart(db(), changed, 'en-CA')).items.map((item) => item.quantity)).toEqual([
      3,
    ]);
    await expect(updateItem(db(), guest(cart.guestCartId!), line!.itemId, 4)).rejects.toMatchObject(
      { statusCode: 409, details: { available: 3 } },
    );
  });
});

describe('sweeping abandoned guest carts', () => {
  /** A guest cart last changed 31 days ago (a day past the 30 a guest cart is kept). */
  async function abandonedCart() {
    const cart = await addItem(db(), newGuest, {
      productId: F.whey,
      variantId: F.chocolate,
      quantity: 1,
    });
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await db()
      .update(carts)
      .set({ updatedAt: longAgo })
      .where(eq(carts.guestIdHash, hashToken(cart.guestCartId!)));
    return cart.guestCartId!;
  }

  async function stillThere(guestCartId: string) {
    const rows = await db()
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.guestIdHash, hashToken(guestCartId)));
    return rows.length === 1;
  }

  /** The clock as the sweep reads it, `ms` after `start`. */
  const clockAt = (start: number, ms: number) => vi.spyOn(Date, 'now').mockReturnValue(start + ms);

  test('at most once every ten minutes, unless forced', async () => {
    const start = Date.now();
    clockAt(start, 0);
    await sweepExpiredGuestCarts(db(), true);

    const abandoned = await abandonedCart();
    clockAt(start, 599_999);
    expect(await sweepExpiredGuestCarts(db())).toBe(0);
    expect(await stillThere(abandoned)).toBe(true);

    clockAt(start, 600_000);
    expect(await sweepExpiredGuestCarts(db())).toBe(1);
    expect(await stillThere(abandoned)).toBe(false);

    const another = await abandonedCart();
    clockAt(start, 600_001);
    expect(await sweepExpiredGuestCarts(db())).toBe(0);
    expect(await sweepExpiredGuestCarts(db(), true)).toBe(1);
    expect(await stillThere(another)).toBe(false);
  });

  test("a new guest cart sweeps; another add to a guest's own cart does not", async () => {
    const shopper = await addItem(db(), newGuest, {
      productId: F.whey,
      variantId: F.chocolate,
      quantity: 1,
    });
    const abandoned = await abandonedCart();
    // An hour on, so the ten minutes between sweeps never hold one back here.
    const start = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => start + 60 * 60 * 1000);

    await addItem(db(), guest(shopper.guestCartId!), {
      productId: F.whey,
      variantId: F.chocolate,
      quantity: 1,
    });
    expect(await stillThere(abandoned)).toBe(true);

    await addItem(db(), newGuest, { productId: F.whey, variantId: F.chocolate, quantity: 1 });
    expect(await stillThere(abandoned)).toBe(false);
    expect(await stillThere(shopper.guestCartId!)).toBe(true);
  });
});
