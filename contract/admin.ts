/**
 * The order desk's API shapes (staff only): order lists with filters and counts, one order with
 * its customer, refunds and timeline, status changes, refunds and stock adjustments.
 */
import { z } from 'zod';
import { IdempotencyKey } from './cart.ts';
import { IDEMPOTENCY_HEADER } from './http.ts';
import {
  ORDER_STATUSES,
  orderPageFields,
  Order,
  OrderStatusField,
  OrderSummary,
} from './orders.ts';

export const ADMIN_ORDERS_MAX_LIMIT = 100;
/** The CSV export holds at most this many orders (newest by the chosen sort first). */
export const ADMIN_CSV_MAX_ROWS = 10_000;

/**
 * The years a date filter may name. The shop has no order before 2000, and a thousand years on is
 * later than any order it will hold. Inside this range every bound, and the day after a `to` day,
 * is a date the database reads (year 0, negative years and five-digit years are not).
 */
export const ORDER_FILTER_MIN_YEAR = 2000;
export const ORDER_FILTER_MAX_YEAR = 2999;

/** A day (2026-11-25) or an ISO timestamp (2026-11-25T14:30:00Z, seconds and zone optional). */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/i;

/** Whether `value` is a real date (no 30 February) in the years the filters accept. */
function isOrderFilterDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  if (year < ORDER_FILTER_MIN_YEAR || year > ORDER_FILTER_MAX_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dateFilter = z
  .string({ error: 'must be a date' })
  .trim()
  .refine(isOrderFilterDate, {
    message: `must be a date from ${ORDER_FILTER_MIN_YEAR} to ${ORDER_FILTER_MAX_YEAR} such as 2026-11-25, or an ISO timestamp`,
  })
  .optional();

/** Filters shared by the list and the CSV export. `to` given as a day includes that whole day. */
export const AdminOrdersFilter = z.object({
  status: OrderStatusField.optional(),
  from: dateFilter,
  to: dateFilter,
  /** An order number (FN-10482 or 10482), an e-mail or a shipping name; case-insensitive. */
  q: z.string({ error: 'must be a string' }).trim().max(200, 'is too long').optional(),
  sort: z.enum(['createdAt', 'total']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminOrdersFilter = z.output<typeof AdminOrdersFilter>;

export const AdminOrdersQuery = AdminOrdersFilter.extend(orderPageFields(ADMIN_ORDERS_MAX_LIMIT));
export type AdminOrdersQuery = z.output<typeof AdminOrdersQuery>;

export const AdminOrderSummary = OrderSummary.extend({
  email: z.string(),
  /** The shipping name. */
  name: z.string(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const StatusCounts = z.object(
  Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.number().int()])) as Record<
    (typeof ORDER_STATUSES)[number],
    z.ZodNumber
  >,
);

export const AdminOrdersPage = z.object({
  items: z.array(AdminOrderSummary),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Orders per status for the same filters without the status one. */
  counts: StatusCounts,
});
export type AdminOrdersPage = z.infer<typeof AdminOrdersPage>;
export const AdminOrdersPageResponse = z.object({
  success: z.literal(true),
  data: AdminOrdersPage,
});

export const AdminOrderEvent = z.object({
  type: z.string(),
  status: OrderStatusField.nullable(),
  at: z.string(),
  note: z.string().nullable(),
  actor: z.string(),
  actorId: z.string().nullable(),
});

export const AdminRefund = z.object({
  id: z.string(),
  amount: z.number().int(),
  at: z.string(),
});

export const AdminOrder = Order.extend({
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  refunds: z.array(AdminRefund),
  /** Amount paid and not yet refunded, in cents. */
  refundable: z.number().int(),
  timeline: z.array(AdminOrderEvent),
});
export type AdminOrder = z.infer<typeof AdminOrder>;
export const AdminOrderResponse = z.object({ success: z.literal(true), data: AdminOrder });

/** The statuses staff move an order to by hand. */
export const STAFF_STATUSES = ['processing', 'shipped', 'delivered', 'cancelled'] as const;

const shortText = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

export const AdminStatusBody = z.object({
  status: z.enum(STAFF_STATUSES, {
    error: () => `must be one of ${STAFF_STATUSES.join(', ')}`,
  }),
  carrier: shortText(60).optional(),
  trackingNumber: shortText(100).optional(),
  note: shortText(500).optional(),
});
export type AdminStatusBody = z.input<typeof AdminStatusBody>;

export const AdminRefundBody = z.object({
  amount: z
    .number({ error: 'must be a number of cents' })
    .int('must be a whole number of cents')
    .positive('must be more than 0'),
  reason: shortText(200).optional(),
});
export type AdminRefundBody = z.input<typeof AdminRefundBody>;

/**
 * Money and stock changes at the desk require an Idempotency-Key: a retry of the same request
 * (a lost answer, a double click) is applied once, and a refund's key at the payment provider is
 * derived from it.
 */
const RequiredIdempotencyKey = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string({ error: 'is required: send a new key for each refund or stock change' })
    .pipe(IdempotencyKey),
});
export const AdminRefundHeaders = RequiredIdempotencyKey;
export const StockAdjustHeaders = RequiredIdempotencyKey;

export const VariantParams = z.object({
  variantId: z.string().trim().min(1, 'is required').max(100, 'is too long'),
});

export const StockAdjustment = z.object({
  id: z.string(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.string(),
  actorId: z.string().nullable(),
  at: z.string(),
});

export const VariantStock = z.object({
  variantId: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  productId: z.string(),
  productTotalStock: z.number().int(),
  /** Newest first, at most 50. */
  adjustments: z.array(StockAdjustment),
});
export type VariantStock = z.infer<typeof VariantStock>;
export const VariantStockResponse = z.object({ success: z.literal(true), data: VariantStock });

/**
 * The most units of one variant a stock change may set or move at once. Far above any real
 * delivery or count, and far below the database's integer limit (2,147,483,647), so that a
 * change added to the stock held still fits.
 */
export const MAX_STOCK_CHANGE = 1_000_000;

export const StockAdjustBody = z
  .object({
    delta: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(-MAX_STOCK_CHANGE, `must be at least -${MAX_STOCK_CHANGE}`)
      .max(MAX_STOCK_CHANGE, `must be at most ${MAX_STOCK_CHANGE}`)
      .refine((n) => n !== 0, { message: 'must not be 0' })
      .optional(),
    set: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(MAX_STOCK_CHANGE, `must be at most ${MAX_STOCK_CHANGE}`)
      .optional(),
    reason: z
      .string({
        error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string'),
      })
      .trim()
      .min(1, 'is required')
      .max(200, 'must be at most 200 characters'),
  })
  .superRefine((body, ctx) => {
    const given = Number(body.delta !== undefined) + Number(body.set !== undefined);
    if (given !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['delta'],
        message: given === 0 ? 'is required (or set)' : 'give either delta or set',
      });
    }
  });
export type StockAdjustBody = z.input<typeof StockAdjustBody>;
