/** The order desk's CSV export: the filtered orders, money in dollars, each tax its own column. */
import { ADMIN_CSV_MAX_ROWS, type AdminOrdersFilter } from '../../../contract/admin.ts';
import { PROVINCES } from '../../../contract/checkout-rules.ts';
import { formatOrderNumber } from '../../../contract/orders.ts';
import type { Database } from '../../db/client.ts';
import { refundedByOrder } from '../payments/of-orders.ts';
import { conditions, ordering } from './desk.ts';
import { orders } from './tables.ts';

/**
 * One CSV cell: quoted when it holds a comma, quote or line break (quotes doubled), and a text
 * starting like a formula (= + - @) prefixed with ' so a spreadsheet shows it rather than runs it.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every sales tax the shop charges somewhere (GST, HST, PST, QST, RST): one CSV column each. */
const TAX_NAMES = [...new Set(PROVINCES.flatMap((p) => p.taxes.map((tax) => tax.name)))].sort();

const CSV_COLUMNS = [
  'number',
  'created_at',
  'status',
  'email',
  'name',
  'city',
  'province',
  'items',
  'subtotal',
  'discount',
  'shipping',
  ...TAX_NAMES.map((name) => name.toLowerCase()),
  'total',
  'refunded',
  'carrier',
  'tracking_number',
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The filtered orders as CSV, at most ADMIN_CSV_MAX_ROWS of them. Money is in dollars (CAD): each
 * tax in its own column (0.00 where the province does not charge it), and the amount refunded.
 */
export async function ordersCsv(db: Database, filter: AdminOrdersFilter): Promise<string> {
  const rows = await db
    .select()
    .from(orders)
    .where(conditions(filter))
    .orderBy(...ordering(filter))
    .limit(ADMIN_CSV_MAX_ROWS);
  const refunded = await refundedByOrder(
    db,
    rows.map((row) => row.id),
  );
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const tax = (name: string) =>
      row.taxes.filter((line) => line.name === name).reduce((sum, line) => sum + line.amount, 0);
    const cells = [
      formatOrderNumber(row.number),
      row.createdAt.toISOString(),
      row.status,
      row.email,
      row.shippingAddress.name,
      row.shippingAddress.city,
      row.shippingAddress.province,
      row.itemCount,
      dollars(row.subtotal),
      dollars(row.discount),
      dollars(row.shipping),
      ...TAX_NAMES.map((name) => dollars(tax(name))),
      dollars(row.total),
      dollars(refunded.get(row.id) ?? 0),
      row.carrier ?? '',
      row.trackingNumber ?? '',
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
