/**
 * Order details: the timeline with tracking, taxes, payment; cancelling after a confirmation
 * dialog; "Buy again" toasting what was added and skipped and refreshing the cart.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Order } from '../../../../../contract/orders.ts';
import { cartQueryKey, EMPTY_CART } from '../../../cart/api/index.ts';
import { toastState } from '../../../../stores/toasts.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import {
  clearCheckoutAttempts,
  readCheckoutAttempt,
  writeCheckoutAttempt,
} from '../../../../lib/checkout/checkout-attempt.ts';
import { customerState } from '../../../../stores/customer.ts';
import { ADDRESS, makeOrder, makePayment, ok, USER } from '../../__tests__/fixtures.ts';
import { LinkedOrderPage, ORDER_LINK_GONE_TEXT, OrderDetailsPage } from '../order-details-page.tsx';

const server = setupMswServer();

let order: Order;
beforeEach(() => {
  toastState.toasts.splice(0);
  order = makeOrder({
    status: 'paid',
    payment: makePayment({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } }),
    events: [
      {
        type: 'placed',
        status: 'pending_payment',
        at: '2026-11-25T15:00:00.000Z',
        note: null,
        actor: 'shopper',
      },
      {
        type: 'paid',
        status: 'paid',
        at: '2026-11-25T15:02:00.000Z',
        note: null,
        actor: 'provider',
      },
    ],
  });
  server.use(http.get(api('/orders/ord_1'), () => HttpResponse.json(ok(order))));
});
afterEach(async () => {
  cleanup();
  customerState.auth.user = null;
  await clearCheckoutAttempts();
});

describe('order details', () => {
  test('shows the timeline (with carrier and tracking once shipped), taxes with rates and the card', async () => {
    order = makeOrder({
      status: 'shipped',
      canCancel: false,
      payment: makePayment({
        status: 'succeeded',
        card: { brand: 'visa', last4: '4242' },
        refunded: 0,
      }),
      shipment: { carrier: 'Canada Post', trackingNumber: '7023 1234 5678' },
      events: [
        {
          type: 'placed',
          status: 'pending_payment',
          at: '2026-11-25T15:00:00.000Z',
          note: null,
          actor: 'shopper',
        },
        {
          type: 'paid',
          status: 'paid',
          at: '2026-11-25T15:02:00.000Z',
          note: null,
          actor: 'provider',
        },
        {
          type: 'processing',
          status: 'processing',
          at: '2026-11-26T09:00:00.000Z',
          note: null,
          actor: 'staff',
        },
        {
          type: 'shipped',
          status: 'shipped',
          at: '2026-11-26T16:00:00.000Z',
          note: null,
          actor: 'staff',
        },
      ],
    });
    renderWithProviders(<OrderDetailsPage orderId="ord_1" />, { path: '/order/ord_1' });
    const timeline = await screen.findByRole('list', { name: 'Order status' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual([
      'Order placed',
      'Payment received',
      'Being packed',
      'Shipped',
      'Delivered (not yet)',
    ]);
    expect(steps[3]!.getAttribute('aria-current')).toBe('step');
    expect(steps[3]!.textContent).toContain('Canada Post, tracking number 7023 1234 5678');
    expect(screen.getByText('HST (13%)')).toBeTruthy();
    expect(screen.getByText('Paid with Visa ending in 4242')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download invoice' }).getAttribute('href')).toMatch(
      /\/api\/v1\/orders\/ord_1\/invoice$/,
    );
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  test('an order waiting for payment offers “Pay now” back to checkout’s payment step', async () => {
    order = makeOrder();
    renderWithProviders(<OrderDetailsPage orderId="ord_1" />, { path: '/order/ord_1' });
    const pay = await screen.findByRole('link', { name: 'Pay now' });
    expect(pay.getAttribute('href')).toBe('/checkout?orderId=ord_1');
  });

  test('“Cancel order” asks first (a dialog); keeping the order sends nothing, confirming cancels it', async () => {
    let cancels = 0;
    await writeCheckoutAttempt(USER._id, {
      key: 'key-1',
      body: { shippingAddress: ADDRESS, shippingMethod: 'standard' },
      orderId: 'ord_1',
      orderNumber: 'FN-10001',
      createdAt: new Date().toISOString(),
    });
    server.use(
      http.post(api('/orders/ord_1/cancel'), () => {
        cancels++;
        order = { ...order, status: 'cancelled', canCancel: false };
        return HttpResponse.json(ok(order));
      }),
    );
    renderWithProviders(<OrderDetailsPage orderId="ord_1" />, { path: '/order/ord_1' });
    const opener = await screen.findByRole('button', { name: 'Cancel order' });
    fireEvent.click(opener);
    // The dialog's code is a chunk of its own; in the shop it has arrived long before a tap.
    let dialog = await screen.findByRole('dialog', { name: 'Cancel order FN-10001?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // Focus moves in the dialog's effect, which runs just after the dialog is on screen.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep order'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancels).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel order FN-10001?' });
    customerState.auth.user = USER;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancels).toBe(1);
    expect(await screen.findByText('Cancelled', { selector: 'span' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(toastState.toasts.map((t) => t.message)).toContain('Order FN-10001 has been cancelled.');
    // The checkout attempt that placed it is forgotten: /checkout shows the form again.
    expect(await readCheckoutAttempt(USER._id)).toBeNull();
  });

  test('“Buy again” toasts what was added and what was skipped, and reads the cart again', async () => {
    server.use(
      http.post(api('/orders/ord_1/reorder'), () =>
        HttpResponse.json(
          ok({
            added: [{ variantId: 'var_1', name: 'Whey Protein Isolate', quantity: 2 }],
            skipped: [{ variantId: 'var_2', name: 'Creatine', reason: 'out of stock' }],
          }),
        ),
      ),
    );
    const { queryClient } = renderWithProviders(<OrderDetailsPage orderId="ord_1" />, {
      path: '/order/ord_1',
    });
    queryClient.setQueryData(cartQueryKey, EMPTY_CART);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy again' }));
    await waitFor(() =>
      expect(toastState.toasts.map((t) => t.message)).toEqual([
        'Added to your cart: Whey Protein Isolate × 2.',
        'Not added: Creatine (out of stock).',
      ]),
    );
    expect(queryClient.getQueryState(cartQueryKey)?.isInvalidated).toBe(true);
  });
});

describe('when a request fails', () => {
  const refuse = (message: string, status = 409) =>
    HttpResponse.json({ success: false, message }, { status });

  test('an order that cannot be loaded says why, and “Try again” loads it', async () => {
    let reads = 0;
    server.use(
      http.get(api('/orders/ord_1'), () =>
        ++reads === 1
          ? refuse('The shop is busy. Try again in a moment.', 429)
          : HttpResponse.json(ok(order)),
      ),
    );
    renderWithProviders(<OrderDetailsPage orderId="ord_1" />, { path: '/order/ord_1' });
    // The server's own words (failureMessage), loaded only once something failed.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The shop is busy. Try again in a moment.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: `Order ${order.number}` });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a cancellation refused says why in the dialog; a “Buy again” refused, in a toast', async () => {
    server.use(
      http.post(api('/orders/ord_1/cancel'), () => refuse('This order has already shipped.')),
      http.post(api('/orders/ord_1/reorder'), () => refuse('Your cart is full.')),
    );
    renderWithProviders(<OrderDetailsPage orderId="ord_1" />, { path: '/order/ord_1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order FN-10001?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    expect(await within(dialog).findByText('This order has already shipped.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));

    fireEvent.click(screen.getByRole('button', { name: 'Buy again' }));
    await waitFor(() =>
      expect(toastState.toasts.map((t) => [t.message, t.kind])).toEqual([
        ['Your cart is full.', 'error'],
      ]),
    );
  });
});

describe('an order opened by its e-mailed link', () => {
  const TOKEN = 'Q2hhbmdlZCBieSB0aGUgdGVzdCwgMzIgYnl0ZXMgbG9uZw';

  test('shows the order and its invoice from the link, and no control that acts on it', async () => {
    order = makeOrder({
      status: 'pending_payment',
      canCancel: false,
      events: [
        {
          type: 'paid',
          status: 'paid',
          at: '2026-11-25T15:02:00.000Z',
          note: null,
          actor: 'provider',
        },
      ],
    });
    server.use(http.get(api(`/order-links/${TOKEN}`), () => HttpResponse.json(ok(order))));
    renderWithProviders(<LinkedOrderPage token={TOKEN} />, { path: `/order-link/${TOKEN}` });
    await screen.findByRole('heading', { name: `Order ${order.number}` });
    expect(screen.getByRole('link', { name: 'Download invoice' }).getAttribute('href')).toMatch(
      new RegExp(`/api/v1/order-links/${TOKEN}/invoice$`),
    );
    // Even an order still awaiting payment offers nothing to do from a link.
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My orders' })).toBeNull();
  });

  test('a link that no longer works says so', async () => {
    server.use(
      http.get(api(`/order-links/${TOKEN}`), () =>
        HttpResponse.json(
          {
            success: false,
            code: 'token_invalid',
            message: 'This order link is invalid or has been revoked.',
          },
          { status: 404 },
        ),
      ),
    );
    renderWithProviders(<LinkedOrderPage token={TOKEN} />, { path: `/order-link/${TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe(testI18n._(ORDER_LINK_GONE_TEXT));
  });
});
