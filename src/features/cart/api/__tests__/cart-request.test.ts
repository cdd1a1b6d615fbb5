import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../../../lib/api-client.ts';
import { api as url, setupMswServer } from '../../../../testing/msw.ts';
import { customerState } from '../../../../stores/customer.ts';
import { createCartCommand, sendCartCommand } from '../cart-commands.ts';
import { cartApi } from '../cart-request.ts';
import { getCart } from '../get-cart.ts';

const server = setupMswServer();

/** The guest cart id a request carried, failing the test if it went more than once. */
function guestCartIdSent(request: Request): string | null {
  const header = request.headers.get('x-guest-cart-id');
  expect(header?.includes(',') ?? false).toBe(false);
  expect(new URL(request.url).searchParams.has('guestCartId')).toBe(false);
  return header;
}

const emptyCart = () => HttpResponse.json({ success: true, data: { items: [] } });

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = null;
  customerState.guestCart.guestCartId = null;
});

describe('guest cart id', () => {
  test('cart calls carry it once, as the header, when a guest has one; others never', async () => {
    customerState.guestCart.guestCartId = 'g-123';
    server.use(
      http.get(url('/cart'), emptyCart),
      http.get(url('/taxonomy/categories'), () => HttpResponse.json([])),
    );
    await cartApi.get('/cart');
    await api.get('/taxonomy/categories');
    const [cart, taxonomy] = server.requests;
    expect(guestCartIdSent(cart!)).toBe('g-123');
    expect(guestCartIdSent(taxonomy!)).toBeNull();
  });

  test('every cart call of the cart code sends it exactly once', async () => {
    customerState.guestCart.guestCartId = 'g-123';
    server.use(
      http.get(url('/cart'), emptyCart),
      http.post(url('/cart/items'), emptyCart),
      http.patch(url('/cart/items/i1'), emptyCart),
      http.delete(url('/cart/items/i1'), emptyCart),
      http.post(url('/cart/discount'), emptyCart),
      http.delete(url('/cart/discount'), emptyCart),
    );
    await getCart();
    await sendCartCommand(
      createCartCommand({ type: 'add', productId: 'p1', variantId: 'v1', quantity: 1 }),
    );
    await sendCartCommand(createCartCommand({ type: 'setQuantity', itemId: 'i1', quantity: 2 }));
    await sendCartCommand(createCartCommand({ type: 'remove', itemId: 'i1' }));
    await sendCartCommand(createCartCommand({ type: 'applyDiscount', code: 'SAVE10' }));
    await sendCartCommand(createCartCommand({ type: 'removeDiscount' }));
    expect(server.requests).toHaveLength(6);
    for (const request of server.requests) expect(guestCartIdSent(request)).toBe('g-123');
  });

  test('a replayed change goes with the id it was first sent with (null: none)', async () => {
    customerState.guestCart.guestCartId = 'g-now';
    server.use(http.delete(url('/cart/discount'), emptyCart));
    await sendCartCommand({
      ...createCartCommand({ type: 'removeDiscount' }),
      sentAsGuest: 'g-then',
    });
    await sendCartCommand({ ...createCartCommand({ type: 'removeDiscount' }), sentAsGuest: null });
    expect(guestCartIdSent(server.requests[0]!)).toBe('g-then');
    expect(guestCartIdSent(server.requests[1]!)).toBeNull();
  });

  test('a signed-in shopper never sends it', async () => {
    customerState.guestCart.guestCartId = 'g-123';
    customerState.auth.user = { _id: 'u1', name: 'Ana', email: 'a@b.ca' };
    server.use(http.get(url('/cart'), emptyCart), http.post(url('/cart/merge'), emptyCart));
    await cartApi.get('/cart');
    await sendCartCommand({
      ...createCartCommand({ type: 'merge', guestCartId: 'g-123' }),
      sentAsGuest: 'g-123',
    });
    expect(guestCartIdSent(server.requests[0]!)).toBeNull();
    expect(guestCartIdSent(server.requests[1]!)).toBeNull();
    expect(await server.requests[1]!.json()).toEqual({ guestCartId: 'g-123' });
  });

  test('a successful cart answer with a guestCartId is stored for a guest, not for a user', async () => {
    server.use(
      http.post(url('/cart/items'), () =>
        HttpResponse.json({ success: true, data: { items: [], guestCartId: 'g-new' } }),
      ),
    );
    await cartApi.post('/cart/items', { body: {} });
    expect(customerState.guestCart.guestCartId).toBe('g-new');
    expect(localStorage.getItem('guestCartId')).toBe('g-new');

    customerState.guestCart.guestCartId = null;
    localStorage.clear();
    customerState.auth.user = { _id: 'u1', name: 'Ana', email: 'a@b.ca' };
    await cartApi.post('/cart/items', { body: {} });
    expect(customerState.guestCart.guestCartId).toBeNull();
    expect(localStorage.getItem('guestCartId')).toBeNull();
  });

  test('an unsuccessful cart answer stores nothing', async () => {
    server.use(
      http.get(url('/cart'), () =>
        HttpResponse.json({ success: false, data: { guestCartId: 'nope' } }),
      ),
    );
    await cartApi.get('/cart');
    expect(customerState.guestCart.guestCartId).toBeNull();
  });

  test('the API client alone adds nothing to a cart path and remembers nothing', async () => {
    customerState.guestCart.guestCartId = 'g-123';
    server.use(
      http.get(url('/cart'), () =>
        HttpResponse.json({ success: true, data: { items: [], guestCartId: 'g-other' } }),
      ),
    );
    await api.get('/cart');
    expect(guestCartIdSent(server.requests[0]!)).toBeNull();
    expect(customerState.guestCart.guestCartId).toBe('g-123');
  });
});
