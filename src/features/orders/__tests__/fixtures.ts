/** Answers of the orders API for component tests, built from the contract's types. */
import { computeOrderTotals, type ShippingMethod } from '../../../../contract/checkout-rules.ts';
import type {
  Order,
  OrdersPage,
  OrderSummary,
  Payment,
  PricedLine,
  Quote,
} from '../../../../contract/orders.ts';
import { http, HttpResponse } from 'msw';
import type { SavedPaymentMethod } from '../../../../contract/payment-methods.ts';
import { EMPTY_CART, type Cart } from '../../cart/api/index.ts';
import { api } from '../../../testing/msw.ts';

export const USER = { _id: 'user_1', name: 'Ann Tremblay', email: 'ann@example.com' };

export const LINE: PricedLine = {
  productId: 'prod_1',
  variantId: 'var_1',
  name: 'Whey Protein Isolate',
  slug: 'whey-protein-isolate',
  image: '/images/whey.webp',
  brand: 'Forge',
  flavor: 'Chocolate',
  size: '2 lb',
  sku: 'WPI-CH-2',
  quantity: 2,
  unitPrice: 4499,
  lineTotal: 8998,
};

export const ADDRESS = {
  name: 'Ann Tremblay',
  line1: '100 Queen St W',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
  phone: '416-555-0123',
};

export function cartWithLine(): Cart {
  return {
    ...EMPTY_CART,
    items: [
      {
        itemId: 'item_1',
        productId: LINE.productId,
        variantId: LINE.variantId,
        quantity: LINE.quantity,
        name: LINE.name,
        slug: LINE.slug,
        image: LINE.image,
        brand: { _id: 'b1', slug: 'forge', name: 'Forge' },
        flavor: { _id: 'f1', slug: 'chocolate', name: 'Chocolate' },
        size: LINE.size,
        sku: LINE.sku,
        unitPrice: LINE.unitPrice,
        compareAtPrice: null,
        lineTotal: LINE.lineTotal,
        stock: 30,
      },
    ],
    totals: { itemCount: 2, subtotal: 8998, discount: 0, shipping: 999, total: 9997 },
    discount: null,
  };
}

export function makeQuote(province: string, shippingMethod: ShippingMethod = 'standard'): Quote {
  return {
    lines: [LINE],
    shippingMethod,
    shippingAddress: { ...ADDRESS, province },
    province,
    discount: null,
    totals: computeOrderTotals({ lines: [LINE], percentOff: 0, shippingMethod, province }),
  };
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pay_1',
    provider: 'test',
    status: 'requires_payment_method',
    amount: 11296,
    currency: 'cad',
    clientSecret: null,
    lastError: null,
    card: null,
    refunded: 0,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  const totals = computeOrderTotals({
    lines: [LINE],
    percentOff: 0,
    shippingMethod: 'standard',
    province: 'ON',
  });
  return {
    id: 'ord_1',
    number: 'FN-10001',
    status: 'pending_payment',
    createdAt: '2026-11-25T15:00:00.000Z',
    payBy: '2026-11-25T15:30:00.000Z',
    email: USER.email,
    lines: [LINE],
    shippingMethod: 'standard',
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
    discount: null,
    totals,
    payment: makePayment({ amount: totals.total }),
    shipment: null,
    events: [
      {
        type: 'placed',
        status: 'pending_payment',
        at: '2026-11-25T15:00:00.000Z',
        note: null,
        actor: 'shopper',
      },
    ],
    canCancel: true,
    ...overrides,
  };
}

export function makeSummary(n: number): OrderSummary {
  return {
    id: `ord_${n}`,
    number: `FN-${10000 + n}`,
    status: 'paid',
    createdAt: '2026-11-20T12:00:00.000Z',
    itemCount: 2,
    total: 10167,
    images: ['/images/whey.webp'],
  };
}

export function ordersPage(page: number, total: number, limit = 10): OrdersPage {
  const start = (page - 1) * limit;
  const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) =>
    makeSummary(total - start - i),
  );
  return { items, page, limit, total, totalPages: Math.ceil(total / limit) };
}

export const ok = <T>(data: T) => ({ success: true as const, data });

/** The shopper's saved cards (`GET /user/payment-methods`), none unless given. */
export const savedCardsHandler = (cards: SavedPaymentMethod[] = []) =>
  http.get(api('/user/payment-methods'), () => HttpResponse.json(ok(cards)));
