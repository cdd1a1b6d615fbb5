/**
 * Checkout, order and payment shapes shared by the API and the PWA. Money is integer cents, CAD,
 * always computed by the server (`computeOrderTotals`); a client never sends a price.
 */
import { z } from 'zod';
import { AddCartItemBody, IdempotencyKey } from './cart.ts';
import {
  ADDRESS_LIMITS,
  COUNTRY_NOT_SHIPPED,
  ORDER_STATUSES,
  PHONE_FORMAT,
  POSTAL_CODE_FORMAT,
  PROVINCE_CODES,
  SHIPPING_COUNTRY,
  SHIPPING_METHODS,
  canonicalPhone,
  canonicalPostalCode,
  postalCodeMatchesProvince,
  postalCodeMismatchMessage,
} from './checkout-rules.ts';
import { IDEMPOTENCY_HEADER } from './http.ts';

export * from './checkout-rules.ts';

const required = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be a string';

const text = (max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

const Id = z.string({ error: required }).trim().min(1, 'is required').max(100, 'is too long');

const ProvinceCode = z
  .string({ error: required })
  .trim()
  .toUpperCase()
  .refine((code) => PROVINCE_CODES.includes(code), {
    message: 'must be a Canadian province or territory code such as ON or QC',
  });

/**
 * A shipping or billing address. Input is forgiving (postal code spaces and case, phone
 * punctuation, lower-case province); what is stored and answered is canonical.
 */
const AddressFields = z.object({
  name: text(ADDRESS_LIMITS.name),
  line1: text(ADDRESS_LIMITS.line),
  line2: z
    .string({ error: 'must be a string' })
    .trim()
    .max(ADDRESS_LIMITS.line, `must be at most ${ADDRESS_LIMITS.line} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
  city: text(ADDRESS_LIMITS.city),
  province: ProvinceCode,
  postalCode: z.string({ error: required }).transform((value, ctx) => {
    const canonical = canonicalPostalCode(value);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: POSTAL_CODE_FORMAT });
      return z.NEVER;
    }
    return canonical;
  }),
  country: z
    .string({ error: required })
    .trim()
    .toUpperCase()
    .refine((code) => code === SHIPPING_COUNTRY, { message: COUNTRY_NOT_SHIPPED }),
  phone: z.string({ error: required }).transform((value, ctx) => {
    const canonical = canonicalPhone(value);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_FORMAT });
      return z.NEVER;
    }
    return canonical;
  }),
});

/**
 * Taxes follow the address, so a postal code must lie in the province chosen (its first letter
 * names the province): a Montréal code with Alberta picked would be charged Alberta's tax.
 */
function postalCodeInProvince(
  address: { postalCode?: string | undefined; province?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const { postalCode, province } = address;
  if (!postalCode || !province || postalCodeMatchesProvince(postalCode, province)) return;
  ctx.addIssue({
    code: 'custom',
    path: ['postalCode'],
    message: postalCodeMismatchMessage(postalCode, province),
  });
}

export const Address = AddressFields.superRefine(postalCodeInProvince);
/** An address as the client types it. */
export type AddressInput = z.input<typeof Address>;
/** An address as the server stores and answers it (canonical). */
export type Address = z.output<typeof Address>;

/** An address answered by the API (canonical; line2 absent when empty). */
export const AddressOut = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
});

/** A saved address of the signed-in shopper. */
export const SavedAddress = AddressOut.extend({
  id: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;
export const SavedAddressesResponse = z.object({
  success: z.literal(true),
  data: z.array(SavedAddress),
});

/** How many addresses one shopper may keep; one more is refused (409). */
export const SAVED_ADDRESSES_MAX = 20;

const IsDefaultField = z.boolean({ error: 'must be true or false' }).optional();

/** POST /user/addresses: a new saved address; `isDefault` makes it the default. */
export const CreateSavedAddressBody = AddressFields.extend({
  isDefault: IsDefaultField,
}).superRefine(postalCodeInProvince);
export type CreateSavedAddressBody = z.input<typeof CreateSavedAddressBody>;

/**
 * PATCH /user/addresses/:addressId: any fields to change; `line2: null` or `""` clears the second
 * line; `isDefault: true` makes it the default.
 */
export const UpdateSavedAddressBody = AddressFields.omit({ line2: true })
  .partial()
  .extend({
    line2: z
      .string({ error: 'must be a string' })
      .trim()
      .max(ADDRESS_LIMITS.line, `must be at most ${ADDRESS_LIMITS.line} characters`)
      .nullable()
      .optional(),
    isDefault: IsDefaultField,
  });
export type UpdateSavedAddressBody = z.input<typeof UpdateSavedAddressBody>;

export const SavedAddressParams = z.object({ addressId: Id });
export const SavedAddressResponse = z.object({ success: z.literal(true), data: SavedAddress });

export const ShippingMethodField = z.enum(SHIPPING_METHODS, {
  error: () => `must be one of ${SHIPPING_METHODS.join(', ')}`,
});

/** Either a new address or the id of a saved one, not both. */
const shippingTarget = {
  shippingAddress: Address.optional(),
  addressId: Id.optional(),
};
/** Exactly one of the named shipping targets; the issue lands on shippingAddress. */
const oneShippingTarget =
  (...names: readonly string[]) =>
  (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const given = names.filter((name) => body[name] !== undefined).length;
    if (given === 1) return;
    const others = names.slice(1).join(' or ');
    ctx.addIssue({
      code: 'custom',
      path: ['shippingAddress'],
      message: given === 0 ? `is required (or ${others})` : `give only one of ${names.join(', ')}`,
    });
  };

/**
 * "Buy now": one product line ordered on its own, in place of the cart (a wallet's express
 * checkout on a product page). The cart is neither read nor emptied, and no discount applies.
 */
const buyNow = { buyNow: AddCartItemBody.optional() };

/**
 * A quote prices the cart (or a buy-now line) for an address, a saved address, or only a province:
 * a wallet shares no more than the region until the shopper pays, and taxes follow the province.
 */
export const QuoteBody = z
  .object({
    ...shippingTarget,
    shippingProvince: ProvinceCode.optional(),
    shippingMethod: ShippingMethodField,
    ...buyNow,
  })
  .superRefine(oneShippingTarget('shippingAddress', 'addressId', 'shippingProvince'));
export type QuoteBody = z.input<typeof QuoteBody>;

export const PlaceOrderBody = z
  .object({
    ...shippingTarget,
    /** Defaults to the shipping address. */
    billingAddress: Address.optional(),
    shippingMethod: ShippingMethodField,
    /** Keep the new shipping address in the shopper's saved addresses. */
    saveAddress: z.boolean({ error: 'must be true or false' }).optional(),
    ...buyNow,
  })
  .superRefine(oneShippingTarget('shippingAddress', 'addressId'));
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;

/** POST /orders requires an Idempotency-Key. */
export const PlaceOrderHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: IdempotencyKey,
});

export const TaxLineSchema = z.object({
  name: z.string(),
  rate: z.number(),
  amount: z.number().int(),
});

export const OrderTotals = z.object({
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  taxes: z.array(TaxLineSchema),
  total: z.number().int(),
});
export type OrderTotals = z.infer<typeof OrderTotals>;

/** A priced line: in a quote the variant's current price, in an order the price paid. */
export const PricedLine = z.object({
  productId: z.string(),
  variantId: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  brand: z.string(),
  flavor: z.string(),
  size: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
});
export type PricedLine = z.infer<typeof PricedLine>;

export const Quote = z.object({
  lines: z.array(PricedLine),
  shippingMethod: ShippingMethodField,
  /** Null when only the province was given. */
  shippingAddress: AddressOut.nullable(),
  /** The province whose taxes apply. */
  province: z.string(),
  discount: z.object({ code: z.string(), percentOff: z.number().int() }).nullable(),
  totals: OrderTotals,
});
export type Quote = z.infer<typeof Quote>;
export const QuoteResponse = z.object({ success: z.literal(true), data: Quote });

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A payment's state, following Stripe's PaymentIntent: waiting for a card, waiting for the
 * shopper's authentication step, being processed, succeeded, or cancelled.
 */
export const PAYMENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How a payment's status may move, as its provider moves it (Stripe's PaymentIntent): only a
 * reading from the provider moves it, never the shop on its own. A payment `processing` (a bank
 * debit, settled days later) ends succeeded or failed, and cannot be stopped; succeeded and
 * canceled are final (refunds are counted apart, in `refunded`). A reading the table does not
 * allow (an old event arriving late) leaves the status as it is.
 */
export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  requires_payment_method: ['requires_action', 'processing', 'succeeded', 'canceled'],
  requires_action: ['requires_payment_method', 'processing', 'succeeded', 'canceled'],
  processing: ['requires_payment_method', 'succeeded'],
  succeeded: [],
  canceled: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

export const Payment = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  currency: z.literal('cad'),
  /** Stripe's client secret for the Payment Element; null for the test provider. */
  clientSecret: z.string().nullable(),
  /** Why the last attempt failed ("Your card was declined."), null when it did not. */
  lastError: z.string().nullable(),
  /** The card that paid, once known: brand and last four digits only. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Amount refunded so far, in cents. */
  refunded: z.number().int(),
});
export type Payment = z.infer<typeof Payment>;

export const OrderStatusField = z.enum(ORDER_STATUSES);

/** One step of an order's history: placed, paid, shipped (with tracking), cancelled, refunded … */
export const OrderEvent = z.object({
  type: z.string(),
  status: OrderStatusField.nullable(),
  at: z.string(),
  note: z.string().nullable(),
  /** Who did it: "shopper", "staff", "system", "provider". */
  actor: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

export const Shipment = z.object({ carrier: z.string(), trackingNumber: z.string() });

export const Order = z.object({
  id: z.string(),
  /** FN-10482. */
  number: z.string(),
  status: OrderStatusField,
  createdAt: z.string(),
  /** When an unpaid order will be cancelled; null once paid or closed. */
  payBy: z.string().nullable(),
  email: z.string(),
  lines: z.array(PricedLine),
  shippingMethod: ShippingMethodField,
  shippingAddress: AddressOut,
  billingAddress: AddressOut,
  discount: z.object({ code: z.string(), percentOff: z.number().int() }).nullable(),
  totals: OrderTotals,
  payment: Payment.nullable(),
  shipment: Shipment.nullable(),
  events: z.array(OrderEvent),
  /** What the shopper may do now. */
  canCancel: z.boolean(),
});
export type Order = z.infer<typeof Order>;
export const OrderResponse = z.object({ success: z.literal(true), data: Order });

/**
 * An order as its e-mailed link opens it: read-only, and `accountOffer` while its owner is a guest
 * who may still make an account of it.
 */
export const OrderLink = Order.extend({ accountOffer: z.boolean() });
export type OrderLink = z.infer<typeof OrderLink>;
export const OrderLinkResponse = z.object({ success: z.literal(true), data: OrderLink });

export const PlaceOrderResponse = z.object({
  success: z.literal(true),
  data: z.object({ order: Order, payment: Payment }),
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

export const OrderSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatusField,
  createdAt: z.string(),
  itemCount: z.number().int(),
  total: z.number().int(),
  /** Up to four product images for the list. */
  images: z.array(z.string()),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const ORDERS_PAGE_DEFAULT_LIMIT = 10;
export const ORDERS_PAGE_MAX_LIMIT = 50;

/** `page` and `limit` of a paginated order list, `limit` at most `maxLimit`. */
export const orderPageFields = (maxLimit: number) => ({
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(1),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(maxLimit, `must be at most ${maxLimit}`)
    .default(ORDERS_PAGE_DEFAULT_LIMIT),
});

export const OrdersQuery = z.object(orderPageFields(ORDERS_PAGE_MAX_LIMIT));

export const OrdersPage = z.object({
  items: z.array(OrderSummary),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type OrdersPage = z.infer<typeof OrdersPage>;
export const OrdersPageResponse = z.object({ success: z.literal(true), data: OrdersPage });

export const OrderParams = z.object({ orderId: Id });

export const ReorderResult = z.object({
  /** Lines put back in the cart, with the quantity added. */
  added: z.array(z.object({ variantId: z.string(), name: z.string(), quantity: z.number().int() })),
  /** Lines that could not be, and why ("no longer sold", "out of stock", "only 2 added"). */
  skipped: z.array(z.object({ variantId: z.string(), name: z.string(), reason: z.string() })),
});
export type ReorderResult = z.infer<typeof ReorderResult>;
export const ReorderResponse = z.object({ success: z.literal(true), data: ReorderResult });

export const PaymentResponse = z.object({ success: z.literal(true), data: Payment });
export type PaymentResponse = z.infer<typeof PaymentResponse>;

/**
 * The built-in test provider's card form, or the shopper's answer to its authentication
 * challenge (`{ authenticate: true|false }`).
 */
export const TestPaymentConfirmBody = z
  .object({
    cardNumber: z
      .string({ error: 'must be a string' })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((value) => /^\d{12,19}$/.test(value), { message: 'must be a card number' })
      .optional(),
    expiry: z
      .string({ error: 'must be a string' })
      .trim()
      .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, 'must be MM/YY')
      .optional(),
    cvc: z
      .string({ error: 'must be a string' })
      .trim()
      .regex(/^\d{3,4}$/, 'must be 3 or 4 digits')
      .optional(),
    authenticate: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.authenticate !== undefined) return;
    for (const field of ['cardNumber', 'expiry', 'cvc'] as const) {
      if (body[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'is required' });
    }
  });
export type TestPaymentConfirmBody = z.input<typeof TestPaymentConfirmBody>;
