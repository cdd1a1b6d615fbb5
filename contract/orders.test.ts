/**
 * The order and payment state tables, pinned pair by pair: every (from, to) is either allowed or
 * refused exactly as written here. Then the checkout's shapes: what each request field accepts,
 * refuses and says, and answers that keep every field.
 */
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  Address,
  CreateSavedAddressBody,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  OrderParams,
  OrderResponse,
  OrdersPageResponse,
  OrdersQuery,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  PaymentResponse,
  PlaceOrderBody,
  PlaceOrderHeaders,
  PlaceOrderResponse,
  QuoteBody,
  QuoteResponse,
  ReorderResponse,
  SHOPPER_CANCELLABLE,
  SavedAddressParams,
  SavedAddressResponse,
  SavedAddressesResponse,
  TestPaymentConfirmBody,
  UpdateSavedAddressBody,
  canMovePayment,
  canTransition,
  transitionEffects,
  type OrderStatus,
  type PaymentStatus,
} from './orders.ts';
import {
  ORDER_MOVES,
  ORDER_STATUS_LIST,
  PAYMENT_MOVES,
  PAYMENT_STATUS_LIST,
} from '../tests/helpers/transition-tables.ts';

const STATUSES = ORDER_STATUS_LIST;
const ALLOWED = ORDER_MOVES;

const pairs = STATUSES.flatMap((from) =>
  STATUSES.map((to) => [from, to, ALLOWED.has(`${from} → ${to}`)] as const),
);

describe('order transitions', () => {
  test('the statuses are these seven', () => {
    expect(ORDER_STATUSES).toEqual(STATUSES);
  });

  test.each(pairs)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from as OrderStatus, to as OrderStatus)).toBe(allowed);
  });

  test("the table itself with each move's effects, final states included", () => {
    const held = ['close', 'release_stock', 'release_code'];
    expect(ORDER_TRANSITIONS).toEqual({
      pending_payment: { paid: ['stamp_paid', 'mail'], cancelled: [...held, 'mail'] },
      paid: {
        processing: [],
        cancelled: [...held, 'refund', 'mail'],
        refunded: [...held, 'mail'],
      },
      processing: { shipped: ['mail'], refunded: [...held, 'mail'] },
      shipped: { delivered: ['mail'] },
      delivered: {},
      cancelled: {},
      refunded: {},
    });
  });

  test('only a paid order cancelled is refunded by the move; refunded follows the provider', () => {
    const refunding = pairs.filter(([from, to]) =>
      transitionEffects(from as OrderStatus, to as OrderStatus)?.includes('refund'),
    );
    expect(refunding.map(([from, to]) => `${from} → ${to}`)).toEqual(['paid → cancelled']);
  });

  test('the shopper may cancel only while unpaid or paid', () => {
    expect(SHOPPER_CANCELLABLE).toEqual(['pending_payment', 'paid']);
  });
});

describe('payment transitions: only as the provider moves a payment', () => {
  const PAYMENT = PAYMENT_STATUS_LIST;
  const MOVES = PAYMENT_MOVES;

  test('the statuses are these five', () => {
    expect(PAYMENT_STATUSES).toEqual(PAYMENT);
  });

  test('the table itself, final states included', () => {
    expect(PAYMENT_TRANSITIONS).toEqual({
      requires_payment_method: ['requires_action', 'processing', 'succeeded', 'canceled'],
      requires_action: ['requires_payment_method', 'processing', 'succeeded', 'canceled'],
      processing: ['requires_payment_method', 'succeeded'],
      succeeded: [],
      canceled: [],
    });
  });

  test.each(
    PAYMENT.flatMap((from) =>
      PAYMENT.map((to) => [from, to, MOVES.has(`${from} → ${to}`)] as const),
    ),
  )('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canMovePayment(from as PaymentStatus, to as PaymentStatus)).toBe(allowed);
  });
});

/** Each problem as "path: message", or [] when the input is accepted. */
function problems(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const toronto = {
  name: ' Maya Chen ',
  line1: '100 Queen St W',
  line2: '',
  city: 'Toronto',
  province: ' on ',
  postalCode: 'm5h2n2',
  country: 'ca',
  phone: '(416) 555-0123',
};

describe('addresses', () => {
  test('forgiving input, canonical output', () => {
    expect(Address.parse(toronto)).toEqual({
      name: 'Maya Chen',
      line1: '100 Queen St W',
      line2: undefined,
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 2N2',
      country: 'CA',
      phone: '416-555-0123',
    });
    expect(Address.parse({ ...toronto, line2: ' Apt 4 ' }).line2).toBe('Apt 4');
    expect(Address.parse({ ...toronto, country: ' ca ' }).country).toBe('CA');
  });

  test('each field says what is wrong with it', () => {
    expect(problems(Address, {})).toEqual([
      'name: is required',
      'line1: is required',
      'city: is required',
      'province: is required',
      'postalCode: is required',
      'country: is required',
      'phone: is required',
    ]);
    expect(
      problems(Address, {
        ...toronto,
        name: 'x'.repeat(101),
        line1: ' ',
        line2: 'x'.repeat(121),
        city: 'x'.repeat(81),
        province: 'ZZ',
        postalCode: '12345',
        country: 'US',
        phone: '555-0123',
      }),
    ).toEqual([
      'name: must be at most 100 characters',
      'line1: is required',
      'line2: must be at most 120 characters',
      'city: must be at most 80 characters',
      'province: must be a Canadian province or territory code such as ON or QC',
      'postalCode: must be a Canadian postal code such as A1A 1A1',
      'country: We only ship to Canada (CA).',
      'phone: must be a 10-digit phone number such as 416-555-0123',
    ]);
    expect(problems(Address, { ...toronto, name: 5 })).toEqual(['name: must be a string']);
    expect(problems(Address, { ...toronto, line2: 5 })).toEqual(['line2: must be a string']);
    expect(
      problems(Address, {
        ...toronto,
        name: 'x'.repeat(100),
        line1: 'x'.repeat(120),
        line2: 'x'.repeat(120),
        city: 'x'.repeat(80),
      }),
    ).toEqual([]);
  });

  test('the postal code must lie in the province (taxes follow it)', () => {
    expect(problems(Address, { ...toronto, province: 'QC' })).toEqual([
      'postalCode: Postal code M5H 2N2 is in Ontario, not Quebec. Check the postal code or the province.',
    ]);
    expect(problems(Address, { ...toronto, province: 'ON', postalCode: 'H3B 1K9' })).toHaveLength(
      1,
    );
  });
});

describe('quote and order bodies', () => {
  const address = { ...toronto, line2: undefined };

  test('either a new address or a saved one, not both, not neither', () => {
    expect(problems(QuoteBody, { shippingAddress: address, shippingMethod: 'standard' })).toEqual(
      [],
    );
    expect(problems(QuoteBody, { addressId: 'adr_1', shippingMethod: 'express' })).toEqual([]);
    expect(problems(QuoteBody, { shippingMethod: 'standard' })).toEqual([
      'shippingAddress: is required (or addressId or shippingProvince)',
    ]);
    expect(problems(PlaceOrderBody, { shippingMethod: 'standard' })).toEqual([
      'shippingAddress: is required (or addressId)',
    ]);
    expect(
      problems(PlaceOrderBody, {
        shippingAddress: address,
        addressId: 'adr_1',
        shippingMethod: 'standard',
      }),
    ).toEqual(['shippingAddress: give only one of shippingAddress, addressId']);
  });

  test('a quote may be for a province alone (a wallet before the address); an order never', () => {
    expect(problems(QuoteBody, { shippingProvince: 'qc', shippingMethod: 'standard' })).toEqual([]);
    expect(QuoteBody.parse({ shippingProvince: ' qc ', shippingMethod: 'standard' })).toMatchObject(
      { shippingProvince: 'QC' },
    );
    expect(
      problems(QuoteBody, {
        shippingProvince: 'ON',
        addressId: 'adr_1',
        shippingMethod: 'standard',
      }),
    ).toEqual(['shippingAddress: give only one of shippingAddress, addressId, shippingProvince']);
    expect(problems(QuoteBody, { shippingProvince: 'XX', shippingMethod: 'standard' })).toEqual([
      'shippingProvince: must be a Canadian province or territory code such as ON or QC',
    ]);
    // An order takes no shippingProvince: it is dropped, and the address is then missing.
    expect(
      problems(PlaceOrderBody, { shippingProvince: 'ON', shippingMethod: 'standard' }),
    ).toEqual(['shippingAddress: is required (or addressId)']);
  });

  test('a buy-now line is a product, a variant and a quantity within the line limits', () => {
    const buyNow = { productId: 'prod_1', variantId: 'var_1', quantity: 2 };
    expect(
      problems(PlaceOrderBody, { buyNow, shippingAddress: address, shippingMethod: 'standard' }),
    ).toEqual([]);
    expect(
      problems(QuoteBody, {
        buyNow: { ...buyNow, quantity: 21 },
        shippingProvince: 'ON',
        shippingMethod: 'standard',
      }),
    ).toEqual(['buyNow.quantity: must be at most 20']);
    expect(
      problems(QuoteBody, {
        buyNow: { productId: 'prod_1' },
        shippingProvince: 'ON',
        shippingMethod: 'standard',
      }),
    ).toEqual(['buyNow.variantId: is required', 'buyNow.quantity: is required']);
  });

  test('the shipping method is standard or express', () => {
    expect(problems(QuoteBody, { addressId: 'adr_1', shippingMethod: 'overnight' })).toEqual([
      'shippingMethod: must be one of standard, express',
    ]);
  });

  test('an order may bill elsewhere and keep the address', () => {
    const body = PlaceOrderBody.parse({
      shippingAddress: address,
      billingAddress: { ...address, province: 'qc', postalCode: 'h3b1k9' },
      shippingMethod: 'standard',
      saveAddress: true,
    });
    expect(body.billingAddress).toMatchObject({ province: 'QC', postalCode: 'H3B 1K9' });
    expect(body.saveAddress).toBe(true);
    expect(
      problems(PlaceOrderBody, { addressId: 'a', shippingMethod: 'standard', saveAddress: 'y' }),
    ).toEqual(['saveAddress: must be true or false']);
  });
});

describe('the test provider card form', () => {
  const card = { cardNumber: '4242 4242-4242 4242', expiry: '12 / 34', cvc: '123' };

  test('a card, or the answer to the authentication step', () => {
    expect(TestPaymentConfirmBody.parse(card)).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(problems(TestPaymentConfirmBody, { authenticate: false })).toEqual([]);
    expect(problems(TestPaymentConfirmBody, {})).toEqual([
      'cardNumber: is required',
      'expiry: is required',
      'cvc: is required',
    ]);
    expect(problems(TestPaymentConfirmBody, { cardNumber: card.cardNumber })).toEqual([
      'expiry: is required',
      'cvc: is required',
    ]);
  });

  test('each field is checked', () => {
    expect(
      problems(TestPaymentConfirmBody, { cardNumber: '4242', expiry: '13/34', cvc: '12' }),
    ).toEqual([
      'cardNumber: must be a card number',
      'expiry: must be MM/YY',
      'cvc: must be 3 or 4 digits',
    ]);
    expect(problems(TestPaymentConfirmBody, { ...card, cardNumber: '4'.repeat(12) })).toEqual([]);
    expect(problems(TestPaymentConfirmBody, { ...card, cardNumber: '4'.repeat(19) })).toEqual([]);
    expect(problems(TestPaymentConfirmBody, { ...card, cardNumber: '4'.repeat(20) })).toEqual([
      'cardNumber: must be a card number',
    ]);
    expect(problems(TestPaymentConfirmBody, { ...card, cardNumber: 'x4242424242424242' })).toEqual([
      'cardNumber: must be a card number',
    ]);
    expect(problems(TestPaymentConfirmBody, { ...card, expiry: '01/34' })).toEqual([]);
    expect(problems(TestPaymentConfirmBody, { ...card, expiry: '00/34' })).toHaveLength(1);
    expect(problems(TestPaymentConfirmBody, { ...card, cvc: '1234' })).toEqual([]);
    expect(problems(TestPaymentConfirmBody, { ...card, cvc: '12345' })).toHaveLength(1);
    expect(problems(TestPaymentConfirmBody, { authenticate: 'yes' })).toEqual([
      'authenticate: must be true or false',
    ]);
  });
});

describe('order lists', () => {
  test('page from 1, limit 1–50, 10 by default', () => {
    expect(OrdersQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(OrdersQuery.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
    expect(problems(OrdersQuery, { page: '0', limit: '51' })).toEqual([
      'page: must be at least 1',
      'limit: must be at most 50',
    ]);
    expect(problems(OrdersQuery, { page: '1.5', limit: '0' })).toEqual([
      'page: must be a whole number',
      'limit: must be at least 1',
    ]);
    expect(problems(OrdersQuery, { page: 'x', limit: 'y' })).toEqual([
      'page: must be a number',
      'limit: must be a number',
    ]);
    expect(problems(OrdersQuery, { limit: '2.5' })).toEqual(['limit: must be a whole number']);
  });
});

describe('saved addresses', () => {
  const address = { ...toronto, line2: undefined };

  test('a new one may be made the default; its postal code must lie in its province', () => {
    expect(CreateSavedAddressBody.parse({ ...address, isDefault: true })).toMatchObject({
      province: 'ON',
      isDefault: true,
    });
    expect(problems(CreateSavedAddressBody, { ...address, isDefault: 'yes' })).toEqual([
      'isDefault: must be true or false',
    ]);
    expect(problems(CreateSavedAddressBody, { ...address, province: 'BC' })).toHaveLength(1);
  });

  test('a change names only what changes; line2 null or "" clears it', () => {
    expect(UpdateSavedAddressBody.parse({ city: ' Ottawa ' })).toEqual({ city: 'Ottawa' });
    expect(UpdateSavedAddressBody.parse({ line2: null })).toEqual({ line2: null });
    expect(UpdateSavedAddressBody.parse({ line2: ' Apt 4 ' })).toEqual({ line2: 'Apt 4' });
    expect(problems(UpdateSavedAddressBody, { line2: 5 })).toEqual(['line2: must be a string']);
    expect(problems(UpdateSavedAddressBody, { line2: 'x'.repeat(121) })).toEqual([
      'line2: must be at most 120 characters',
    ]);
    expect(problems(UpdateSavedAddressBody, { isDefault: 1 })).toEqual([
      'isDefault: must be true or false',
    ]);
  });

  test('ids in the path: required, at most 100 characters', () => {
    expect(SavedAddressParams.parse({ addressId: ' adr_1 ' })).toEqual({ addressId: 'adr_1' });
    expect(problems(SavedAddressParams, { addressId: ' ' })).toEqual(['addressId: is required']);
    expect(problems(OrderParams, { orderId: 'x'.repeat(101) })).toEqual(['orderId: is too long']);
    expect(problems(OrderParams, {})).toEqual(['orderId: is required']);
    expect(problems(OrderParams, { orderId: 1 })).toEqual(['orderId: must be a string']);
  });

  test('placing an order needs an Idempotency-Key header', () => {
    expect(problems(PlaceOrderHeaders, { 'idempotency-key': 'k-1', host: 'x' })).toEqual([]);
    expect(PlaceOrderHeaders.parse({ 'idempotency-key': 'k-1', host: 'x' })).toEqual({
      'idempotency-key': 'k-1',
      host: 'x',
    });
    expect(problems(PlaceOrderHeaders, {})).toHaveLength(1);
  });
});

describe('the card form refuses what is not text', () => {
  test.each(['cardNumber', 'expiry', 'cvc'])('%s: must be a string', (field) => {
    expect(
      problems(TestPaymentConfirmBody, {
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
        [field]: 42,
      }),
    ).toEqual([`${field}: must be a string`]);
  });

  test('the expiry is exactly MM/YY', () => {
    const body = { cardNumber: '4242424242424242', cvc: '123' };
    expect(problems(TestPaymentConfirmBody, { ...body, expiry: '12/345' })).toHaveLength(1);
    expect(problems(TestPaymentConfirmBody, { ...body, expiry: '112/34' })).toHaveLength(1);
    expect(problems(TestPaymentConfirmBody, { ...body, expiry: ' 12/34 ' })).toEqual([]);
    expect(TestPaymentConfirmBody.parse({ ...body, expiry: '12/34', cvc: ' 123 ' }).cvc).toBe(
      '123',
    );
  });
});

describe('answers keep every field', () => {
  const address = {
    name: 'Maya Chen',
    line1: '100 Queen St W',
    line2: 'Apt 4',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5H 2N2',
    country: 'CA',
    phone: '416-555-0123',
  };
  const line = {
    productId: 'prod_1',
    variantId: 'var_1',
    name: 'Gold Whey',
    slug: 'gold-whey',
    image: null,
    brand: 'FX Labs',
    flavor: 'Chocolate',
    size: '2 lb',
    sku: 'GW-2',
    quantity: 1,
    unitPrice: 4999,
    lineTotal: 4999,
  };
  const totals = {
    itemCount: 1,
    subtotal: 4999,
    discount: 500,
    shipping: 999,
    taxes: [{ name: 'HST', rate: 13, amount: 715 }],
    total: 6213,
  };
  const payment = {
    id: 'pay_1',
    provider: 'test',
    status: 'succeeded',
    amount: 6213,
    currency: 'cad',
    clientSecret: null,
    lastError: null,
    card: { brand: 'visa', last4: '4242' },
    refunded: 0,
  };
  const order = {
    id: 'ord_1',
    number: 'FN-10482',
    status: 'paid',
    createdAt: '2026-11-20T15:04:00.000Z',
    payBy: null,
    email: 'maya@example.com',
    lines: [line],
    shippingMethod: 'standard',
    shippingAddress: address,
    billingAddress: address,
    discount: { code: 'FORGE-7KQ2-MX9P', percentOff: 10 },
    totals,
    payment,
    shipment: { carrier: 'Canada Post', trackingNumber: '1234' },
    events: [
      {
        type: 'paid',
        status: 'paid',
        at: '2026-11-20T15:05:00.000Z',
        note: null,
        actor: 'provider',
      },
    ],
    canCancel: true,
  };
  const roundTrip = (schema: z.ZodType, data: unknown) => {
    expect(schema.parse({ success: true, data })).toEqual({ success: true, data });
    expect(schema.safeParse({ success: false, data }).success).toBe(false);
  };

  test('orders, payments and quotes', () => {
    roundTrip(OrderResponse, order);
    roundTrip(PaymentResponse, payment);
    roundTrip(PlaceOrderResponse, { order, payment });
    roundTrip(QuoteResponse, {
      lines: [line],
      shippingMethod: 'express',
      shippingAddress: address,
      province: 'ON',
      discount: { code: 'FORGE-7KQ2-MX9P', percentOff: 10 },
      totals,
    });
    // A quote for a province alone has no address.
    roundTrip(QuoteResponse, {
      lines: [line],
      shippingMethod: 'standard',
      shippingAddress: null,
      province: 'QC',
      discount: null,
      totals,
    });
    expect(
      PaymentResponse.safeParse({ success: true, data: { ...payment, currency: 'usd' } }).success,
    ).toBe(false);
  });

  test('lists, reorders and saved addresses', () => {
    roundTrip(OrdersPageResponse, {
      items: [
        {
          id: 'ord_1',
          number: 'FN-10482',
          status: 'paid',
          createdAt: '2026-11-20T15:04:00.000Z',
          itemCount: 1,
          total: 6213,
          images: ['/a.webp'],
        },
      ],
      page: 1,
      limit: 10,
      total: 1,
      totalPages: 1,
    });
    roundTrip(ReorderResponse, {
      added: [{ variantId: 'var_1', name: 'Gold Whey', quantity: 1 }],
      skipped: [{ variantId: 'var_2', name: 'Creatine', reason: 'out of stock' }],
    });
    roundTrip(SavedAddressResponse, { ...address, id: 'adr_1', isDefault: true });
    roundTrip(SavedAddressesResponse, [{ ...address, id: 'adr_1', isDefault: false }]);
  });
});
