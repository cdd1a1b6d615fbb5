/** Answers of the desk's API (orders, reviews) for component tests, built from the contract's types. */
import type {
  AdminOrder,
  AdminOrderSummary,
  AdminOrdersPage,
  VariantStock,
} from '../../../../contract/admin.ts';
import { computeOrderTotals, ORDER_STATUSES } from '../../../../contract/checkout-rules.ts';
import type { PricedLine } from '../../../../contract/orders.ts';
import type { AdminReview } from '../../../../contract/reviews.ts';

export const STAFF = {
  _id: 'usr_staff',
  name: 'Sam Staff',
  email: 'staff@example.com',
  role: 'admin',
};
export const SHOPPER = { _id: 'usr_ann', name: 'Ann Tremblay', email: 'ann@example.com' };

export const ok = <T>(data: T) => ({ success: true as const, data });

const LINE: PricedLine = {
  productId: 'prod_1',
  variantId: 'var_1',
  name: 'Whey Protein Isolate',
  slug: 'whey-protein-isolate',
  image: null,
  brand: 'Forge',
  flavor: 'Chocolate',
  size: '2 lb',
  sku: 'WPI-CH-2',
  quantity: 2,
  unitPrice: 4499,
  lineTotal: 8998,
};

const ADDRESS = {
  name: 'Ann Tremblay',
  line1: '100 Queen St W',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
  phone: '416-555-0123',
};

/** A paid order ($112.97), nothing refunded. */
export function makeDeskOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const totals = computeOrderTotals({
    lines: [LINE],
    percentOff: 0,
    shippingMethod: 'standard',
    province: 'ON',
  });
  return {
    id: 'ord_1',
    number: 'FN-10001',
    status: 'paid',
    createdAt: '2026-11-25T15:00:00.000Z',
    payBy: null,
    email: SHOPPER.email,
    lines: [LINE],
    shippingMethod: 'standard',
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
    discount: null,
    totals,
    payment: {
      id: 'pay_1',
      provider: 'test',
      status: 'succeeded',
      amount: totals.total,
      currency: 'cad',
      clientSecret: null,
      lastError: null,
      card: { brand: 'visa', last4: '4242' },
      refunded: 0,
    },
    shipment: null,
    events: [],
    canCancel: true,
    customer: { id: SHOPPER._id, name: SHOPPER.name, email: SHOPPER.email },
    refunds: [],
    refundable: totals.total,
    timeline: [
      {
        type: 'placed',
        status: 'pending_payment',
        at: '2026-11-25T15:00:00.000Z',
        note: null,
        actor: 'shopper',
        actorId: SHOPPER._id,
      },
      {
        type: 'paid',
        status: 'paid',
        at: '2026-11-25T15:02:00.000Z',
        note: null,
        actor: 'provider',
        actorId: null,
      },
    ],
    ...overrides,
  };
}

export function deskSummary(n: number): AdminOrderSummary {
  return {
    id: `ord_${n}`,
    number: `FN-${10000 + n}`,
    status: 'paid',
    createdAt: '2026-11-20T12:00:00.000Z',
    itemCount: 2,
    total: 1000 * n,
    images: [],
    email: `shopper${n}@example.com`,
    name: `Shopper ${n}`,
  };
}

export function deskPage(page: number, total: number, limit = 20): AdminOrdersPage {
  const start = (page - 1) * limit;
  const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) =>
    deskSummary(start + i + 1),
  );
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    (typeof ORDER_STATUSES)[number],
    number
  >;
  counts.paid = total - 3;
  counts.pending_payment = 2;
  counts.shipped = 1;
  return { items, page, limit, total, totalPages: Math.ceil(total / limit), counts };
}

export function makeStock(stock: number): VariantStock {
  return {
    variantId: 'var_1',
    sku: 'WPI-CH-2',
    stock,
    productId: 'prod_1',
    productTotalStock: stock,
    adjustments: [],
  };
}

/** A published review, the n-th newest. */
export function makeAdminReview(n: number, overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: `rev_${n}`,
    rating: 4,
    title: `Review ${n}`,
    body: 'Mixes well and tastes like chocolate milk.',
    author: 'Maya C.',
    verifiedPurchase: true,
    createdAt: '2026-11-20T12:00:00.000Z',
    productId: 'prod_1',
    productName: 'Whey Protein Isolate',
    userId: null,
    hiddenAt: null,
    hiddenReason: null,
    hiddenBy: null,
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}
