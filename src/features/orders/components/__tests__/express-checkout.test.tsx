/**
 * The wallets' express checkout, with Stripe's packages stood in for (happy-dom cannot load
 * js.stripe.com): the element's handlers are called as a payment sheet calls them, and what the
 * shop answers — the sheet's amounts, the quotes asked, the guest session, the order placed with
 * its key, the payment confirmed — is checked against the API it talks to (msw).
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PlaceOrderBody, QuoteBody } from '../../../../../contract/orders.ts';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { makeOrder, makePayment, makeQuote, ok, USER } from '../../__tests__/fixtures.ts';
import { WALLET_ADDRESS_REFUSED, walletTotalChanged } from '../express-checkout.tsx';
import { ExpressCheckoutSlot } from '../express-checkout-slot.tsx';

/** The element's chunk is loaded lazily; a busy machine may take more than a second. */
const LAZY_CHUNK = { timeout: 5000 };

type Handler = (event: Record<string, unknown>) => unknown;
let element: Record<string, Handler> & { options?: Record<string, unknown> } = {};
let elementsOptions: Record<string, unknown> = {};
const update = vi.fn();
const submit = vi.fn(async () => ({}));
const confirmPayment = vi.fn(async (_options: unknown) => ({}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: Record<string, unknown> }) => {
    elementsOptions = options;
    return children;
  },
  ExpressCheckoutElement: (props: Record<string, Handler>) => {
    element = props;
    return <div data-testid="express-element" />;
  },
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({ update, submit }),
}));

const server = setupMswServer();
const BUY_NOW = { productId: 'prod_1', variantId: 'var_1', quantity: 2 };

let quoteBodies: QuoteBody[] = [];
function answerQuotes() {
  quoteBodies = [];
  server.use(
    http.post(api('/checkout/quote'), async ({ request }) => {
      const body = (await request.json()) as QuoteBody;
      quoteBodies.push(body);
      return HttpResponse.json(ok(makeQuote(body.shippingProvince!, body.shippingMethod)));
    }),
  );
}

/** Calls a handler as the sheet does, with the callbacks it hands over. */
async function sheet(name: string, event: Record<string, unknown> = {}) {
  const calls = { resolve: vi.fn(), reject: vi.fn(), paymentFailed: vi.fn() };
  await act(async () => {
    await element[name]!({ ...calls, ...event });
  });
  return calls;
}

const QUEBEC_REGION = { city: 'Montréal', state: 'Québec', postal_code: 'H3B', country: 'CA' };
const CONFIRM = {
  billingDetails: { name: 'Luc Gagnon', email: 'luc@example.com', phone: '+1 514 555 0100' },
  shippingAddress: {
    name: 'Luc Gagnon',
    address: {
      ...QUEBEC_REGION,
      line1: '1200 Rue Sainte-Catherine',
      line2: null,
      postal_code: 'H3B 1K9',
    },
  },
  shippingRate: { id: 'express', amount: 1999, displayName: 'Express shipping' },
};

async function renderReady(props = { discountedSubtotal: 8998, buyNow: BUY_NOW }) {
  const rendered = renderWithProviders(<ExpressCheckoutSlot {...props} />, { path: '/product/x' });
  await screen.findByTestId('express-element', {}, LAZY_CHUNK);
  await act(async () => {
    element.onReady!({ availablePaymentMethods: { applePay: true, googlePay: false, link: true } });
  });
  return rendered;
}

beforeEach(() => {
  vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_123');
  element = {};
  update.mockClear();
  submit.mockClear();
  confirmPayment.mockClear();
  answerQuotes();
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  customerState.auth.user = null;
});

describe('ExpressCheckoutSlot', () => {
  test('without a Stripe key nothing shows and no wallet code loads (the test provider is card-only)', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', '');
    const { container } = renderWithProviders(
      <ExpressCheckoutSlot discountedSubtotal={8998} buyNow={BUY_NOW} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.innerHTML).toBe('');
    expect(element.onClick).toBeUndefined();
  });

  test('shows its heading only once a wallet is offered on this device', async () => {
    renderWithProviders(<ExpressCheckoutSlot discountedSubtotal={8998} buyNow={BUY_NOW} />);
    await screen.findByTestId('express-element', {}, LAZY_CHUNK);
    expect(screen.queryByRole('heading', { name: 'Express checkout' })).toBeNull();
    await act(async () => {
      element.onReady!({ availablePaymentMethods: undefined });
    });
    expect(screen.queryByRole('heading', { name: 'Express checkout' })).toBeNull();
    await act(async () => {
      element.onReady!({ availablePaymentMethods: { applePay: true } });
    });
    expect(screen.getByRole('heading', { name: 'Express checkout' })).toBeTruthy();
    expect(element.options).toMatchObject({
      emailRequired: true,
      phoneNumberRequired: true,
      shippingAddressRequired: true,
      allowedShippingCountries: ['CA'],
    });
    // Before any address: the goods and standard shipping, in CAD, in the page's language.
    expect(elementsOptions).toEqual({
      mode: 'payment',
      amount: 8998 + 999,
      currency: 'cad',
      locale: 'en-CA',
    });
  });
});

describe('a payment sheet', () => {
  test('opens on the goods, prices each method for the region shared, and follows the rate chosen', async () => {
    await renderReady();
    const opened = await sheet('onClick');
    expect(opened.resolve).toHaveBeenCalledWith({
      lineItems: [{ name: 'Items', amount: 8998 }],
      shippingRates: [
        expect.objectContaining({ id: 'standard', amount: 999 }),
        expect.objectContaining({ id: 'express', amount: 1999 }),
      ],
    });

    const changed = await sheet('onShippingAddressChange', { address: QUEBEC_REGION });
    expect(quoteBodies).toEqual([
      { buyNow: BUY_NOW, shippingProvince: 'QC', shippingMethod: 'standard' },
      { buyNow: BUY_NOW, shippingProvince: 'QC', shippingMethod: 'express' },
    ]);
    const standard = makeQuote('QC', 'standard');
    const express = makeQuote('QC', 'express');
    expect(update).toHaveBeenLastCalledWith({ amount: standard.totals.total });
    expect(changed.resolve).toHaveBeenCalledWith({
      lineItems: [
        { name: 'Items', amount: 8998 },
        ...standard.totals.taxes.map((tax) => ({
          name: `${tax.name} (${tax.rate} %)`,
          amount: tax.amount,
        })),
      ],
      shippingRates: [
        expect.objectContaining({ id: 'standard', amount: standard.totals.shipping }),
        expect.objectContaining({ id: 'express', amount: express.totals.shipping }),
      ],
    });

    const rate = await sheet('onShippingRateChange', { shippingRate: { id: 'express' } });
    expect(update).toHaveBeenLastCalledWith({ amount: express.totals.total });
    expect(rate.resolve).toHaveBeenCalledWith({ lineItems: expect.any(Array) });
  });

  test('refuses an address outside Canada without asking for a quote', async () => {
    await renderReady();
    await sheet('onClick');
    const refused = await sheet('onShippingAddressChange', {
      address: { ...QUEBEC_REGION, state: 'NY', country: 'US' },
    });
    expect(refused.reject).toHaveBeenCalled();
    expect(quoteBodies).toEqual([]);
  });

  test('signed out: a guest session for the payer, the order with its key, then Stripe confirms', async () => {
    const express = makeQuote('QC', 'express');
    let guestBody: unknown;
    let orderBody: PlaceOrderBody | undefined;
    let orderKey: string | null = null;
    server.use(
      http.post(api('/user/auth/guest'), async ({ request }) => {
        guestBody = await request.json();
        return HttpResponse.json(
          { success: true, message: 'ok', user: { ...USER, guest: true } },
          { status: 201 },
        );
      }),
      http.post(api('/orders'), async ({ request }) => {
        orderBody = (await request.json()) as PlaceOrderBody;
        orderKey = request.headers.get('idempotency-key');
        const payment = makePayment({
          provider: 'stripe',
          amount: express.totals.total,
          clientSecret: 'pi_9_secret_9',
        });
        return HttpResponse.json(ok({ order: makeOrder({ id: 'ord_9', payment }), payment }), {
          status: 201,
        });
      }),
    );
    const { router } = await renderReady();
    await sheet('onClick');
    await sheet('onShippingAddressChange', { address: QUEBEC_REGION });
    await sheet('onShippingRateChange', { shippingRate: { id: 'express' } });
    const confirmed = await sheet('onConfirm', CONFIRM);

    expect(confirmed.paymentFailed).not.toHaveBeenCalled();
    expect(submit).toHaveBeenCalled();
    expect(guestBody).toEqual({ email: 'luc@example.com', name: 'Luc Gagnon' });
    expect(customerState.auth.user).toMatchObject({ email: USER.email, guest: true });
    expect(orderKey).toMatch(/^[\w-]{8,}$/);
    expect(orderBody).toEqual({
      buyNow: BUY_NOW,
      shippingMethod: 'express',
      shippingAddress: {
        name: 'Luc Gagnon',
        line1: '1200 Rue Sainte-Catherine',
        city: 'Montréal',
        province: 'QC',
        postalCode: 'H3B 1K9',
        country: 'CA',
        phone: '+1 514 555 0100',
      },
    });
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'pi_9_secret_9', redirect: 'if_required' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    expect(router.state.location.search).toEqual({ orderId: 'ord_9' });
  });

  test('signed in at the cart: no guest session, the cart quoted and ordered, one key per press', async () => {
    customerState.auth.user = USER;
    const keys: (string | null)[] = [];
    let guestCalls = 0;
    server.use(
      http.post(api('/user/auth/guest'), () => {
        guestCalls++;
        return HttpResponse.json({}, { status: 500 });
      }),
      http.post(api('/orders'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(
          {
            success: false,
            code: 'out_of_stock',
            lines: [],
            message: 'Some items in your cart are no longer in stock as ordered.',
          },
          { status: 409 },
        );
      }),
    );
    await renderReady({ discountedSubtotal: 8998 } as never);
    for (let press = 0; press < 2; press++) {
      await sheet('onClick');
      await sheet('onShippingAddressChange', { address: QUEBEC_REGION });
      const failed = await sheet('onConfirm', { ...CONFIRM, shippingRate: undefined });
      expect(failed.paymentFailed).toHaveBeenCalledWith({
        reason: 'fail',
        message: 'Some items in your cart are no longer in stock as ordered.',
      });
    }
    expect(quoteBodies[0]).toEqual({ shippingProvince: 'QC', shippingMethod: 'standard' });
    expect(guestCalls).toBe(0);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(confirmPayment).not.toHaveBeenCalled();
    expect(
      screen.getByText('Some items in your cart are no longer in stock as ordered.'),
    ).toBeTruthy();
  });

  test('an order whose total is not what the sheet showed is never charged', async () => {
    customerState.auth.user = USER;
    server.use(
      http.post(api('/orders'), () => {
        const payment = makePayment({ provider: 'stripe', amount: 1, clientSecret: 'pi_1_secret' });
        return HttpResponse.json(ok({ order: makeOrder({ payment }), payment }), { status: 201 });
      }),
    );
    await renderReady();
    await sheet('onClick');
    await sheet('onShippingAddressChange', { address: QUEBEC_REGION });
    const failed = await sheet('onConfirm', CONFIRM);
    expect(failed.paymentFailed).toHaveBeenCalledWith({
      reason: 'fail',
      message: walletTotalChanged('FN-10001', testI18n),
    });
    expect(confirmPayment).not.toHaveBeenCalled();
  });

  test('a final address outside Canada is refused as such', async () => {
    customerState.auth.user = USER;
    await renderReady();
    await sheet('onClick');
    await sheet('onShippingAddressChange', { address: QUEBEC_REGION });
    const failed = await sheet('onConfirm', {
      ...CONFIRM,
      shippingAddress: {
        ...CONFIRM.shippingAddress,
        address: { ...CONFIRM.shippingAddress.address, country: 'US' },
      },
    });
    expect(failed.paymentFailed).toHaveBeenCalledWith({
      reason: 'invalid_shipping_address',
      message: testI18n._(WALLET_ADDRESS_REFUSED),
    });
    expect(screen.getByText(testI18n._(WALLET_ADDRESS_REFUSED))).toBeTruthy();
  });
});
