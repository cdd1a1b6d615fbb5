import { describe, expect, test } from 'vitest';
import { applyCommandToCart, applyPendingCommands, createCartCommand } from '../cart-commands.ts';
import { EMPTY_CART, type Cart, type CartItem } from '../get-cart.ts';

const ref = { _id: 'r', slug: 'r', name: 'R' };
const line = (itemId: string, variantId: string, quantity: number): CartItem => ({
  itemId,
  productId: 'p1',
  variantId,
  quantity,
  name: 'Whey',
  slug: 'whey',
  image: null,
  brand: ref,
  flavor: ref,
  size: '2 lb',
  sku: 'S',
  unitPrice: 1000,
  compareAtPrice: null,
  lineTotal: 1000 * quantity,
  stock: 10,
});
const cart = (...items: CartItem[]): Cart => ({
  ...EMPTY_CART,
  items,
  totals: { ...EMPTY_CART.totals, itemCount: items.reduce((sum, item) => sum + item.quantity, 0) },
});

describe('cart commands', () => {
  test('each command is plain data with its own idempotency key', () => {
    const a = createCartCommand({ type: 'remove', itemId: 'i1' });
    const b = createCartCommand({ type: 'remove', itemId: 'i1' });
    expect(a.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });

  test('add to an existing variant raises its quantity; a new variant becomes a pending line', () => {
    const start = cart(line('i1', 'v1', 1));
    const more = applyCommandToCart(
      start,
      createCartCommand({ type: 'add', productId: 'p1', variantId: 'v1', quantity: 2 }),
    );
    expect(more?.items).toHaveLength(1);
    expect(more?.items[0]).toMatchObject({ quantity: 3, lineTotal: 3000 });
    expect(more?.totals.itemCount).toBe(3);

    const added = applyCommandToCart(
      start,
      createCartCommand({
        type: 'add',
        productId: 'p2',
        variantId: 'v9',
        quantity: 2,
        preview: { name: 'Creatine', unitPrice: 2500 },
      }),
    );
    expect(added?.items[1]).toMatchObject({
      name: 'Creatine',
      quantity: 2,
      lineTotal: 5000,
      pending: true,
    });
    expect(added?.totals.itemCount).toBe(3);
  });

  test('setQuantity and remove change only their line', () => {
    const start = cart(line('i1', 'v1', 1), line('i2', 'v2', 4));
    const set = applyCommandToCart(
      start,
      createCartCommand({ type: 'setQuantity', itemId: 'i2', quantity: 2 }),
    );
    expect(set?.items.map((item) => item.quantity)).toEqual([1, 2]);
    expect(set?.totals.itemCount).toBe(3);
    const removed = applyCommandToCart(start, createCartCommand({ type: 'remove', itemId: 'i1' }));
    expect(removed?.items.map((item) => item.itemId)).toEqual(['i2']);
    expect(removed?.totals.itemCount).toBe(4);
  });

  test("a waiting add is priced from the product page's price: an estimate until the server answers", () => {
    // A guest with an empty cart adds a $89.99 tub offline.
    const add = createCartCommand({
      type: 'add',
      productId: 'p9',
      variantId: 'v9',
      quantity: 1,
      preview: { name: 'Isolate', unitPrice: 8999, stock: 30 },
    });
    const shown = applyPendingCommands(EMPTY_CART, [add]);
    expect(shown?.estimated).toBe(true);
    expect(shown?.totals).toEqual({
      itemCount: 1,
      subtotal: 8999,
      discount: 0,
      shipping: 999,
      total: 9998,
    });
    // A discount already on the server's cart is estimated on the new lines too.
    const discounted = {
      ...cart(line('i1', 'v1', 2)),
      discount: { code: 'FIT10', percentOff: 10 },
    };
    expect(applyPendingCommands(discounted, [add])?.totals).toEqual({
      itemCount: 3,
      subtotal: 10999,
      discount: 1100,
      // 109.99 − 11.00 = 98.99 of goods: just under free shipping.
      shipping: 999,
      total: 9899 + 999,
    });
    // Nothing waiting: the server's totals, as they came.
    expect(applyPendingCommands(EMPTY_CART, [])).toBe(EMPTY_CART);
  });

  test('discounts and merges wait for the server', () => {
    const start = cart(line('i1', 'v1', 1));
    expect(applyCommandToCart(start, createCartCommand({ type: 'applyDiscount', code: 'X' }))).toBe(
      start,
    );
    expect(applyCommandToCart(start, createCartCommand({ type: 'merge', guestCartId: 'g' }))).toBe(
      start,
    );
    expect(
      applyCommandToCart(undefined, createCartCommand({ type: 'remove', itemId: 'i1' })),
    ).toBeUndefined();
  });
});
