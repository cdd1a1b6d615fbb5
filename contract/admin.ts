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

const dateFilter = z
  .string({ error: 'must be a date' })
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), {
    message: 'must be a date such as 2026-11-25 or an ISO timestamp',
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

export const AdminRefundHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: IdempotencyKey.optional(),
});

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

export const StockAdjustBody = z
  .object({
    delta: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .refine((n) => n !== 0, { message: 'must not be 0' })
      .optional(),
    set: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
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
