/**
 * The one owner of stock. A variant's `stock` is what is on the shelf and not promised to an
 * order. Every function runs in the caller's transaction and locks the variant rows it changes,
 * in variant-id order, so two callers never deadlock. Whether a product is in stock (`inStock`:
 * an active variant has stock) is the database's to keep (the variants' in-stock trigger,
 * migration `0027_product-in-stock`): a statement that makes a variant start or stop counting
 * sets its product's flag from the variants, after locking the product, so changes to sibling
 * variants at once never lose one another, whoever writes them; any other change of stock leaves
 * the product's row alone. Every
 * increase passes through `releaseStock` or `adjustVariantStock`, and each one that takes a
 * variant from 0 to more mails the addresses waiting for it (stock alerts), in the same
 * transaction.
 */
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { queryRows } from '../search/sql.ts';
import { notifyRestocked } from '../stock-alerts/service.ts';
import { variants } from './tables.ts';

/**
 * The most units one variant may hold: far above any warehouse, and low enough that a product's
 * total over its variants still fits the database's integer column.
 */
export const MAX_VARIANT_STOCK = 10_000_000;

export interface StockLine {
  variantId: string;
  quantity: number;
}

export interface ShortLine {
  variantId: string;
  requested: number;
  available: number;
}

/** Each variant's units over all the lines (a variant may appear on more than one). */
function unitsByVariant(lines: readonly StockLine[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) {
    units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
  }
  return units;
}

/**
 * Each variant's units over `lines` as two arrays in the same order, the values of a
 * reservation's `units` (`reservationParts`).
 */
export function stockUnits(lines: readonly StockLine[]): {
  variantIds: string[];
  quantities: number[];
} {
  const units = unitsByVariant(lines);
  return { variantIds: [...units.keys()], quantities: [...units.values()] };
}

/** A reservation's units: the parameters of a variant-id array and of a units array. */
export interface UnitParams {
  variantIds: SQLWrapper;
  quantities: SQLWrapper;
}

/** Each variant's units over `lines` as the parameters of a statement (`UnitParams`). */
function unitParams(lines: readonly StockLine[]): UnitParams {
  const { variantIds, quantities } = stockUnits(lines);
  return { variantIds: sql.param(variantIds), quantities: sql.param(quantities) };
}

/**
 * The rows `(id, quantity)` of `units` as a select, sent as two array parameters: the statement's
 * text is the same for one line or twenty, so a connection prepares it once.
 *
 * Each array is read through a scalar subquery so that the planner cannot see its length. Were it
 * to see it, a plan for the values at hand (one line: one row) would always look cheaper than the
 * plan for any values (ten rows, its guess), and PostgreSQL would plan a placement's statement
 * anew at every execution (docs/checkout.md has what that cost). Blind to the length, both plans
 * cost the same, and after five executions a connection keeps the generic one.
 */
const unitRows = (units: UnitParams) =>
  sql`select * from unnest((select ${units.variantIds}::text[]), (select ${units.quantities}::int[]))`;

const byVariant = <T extends { variantId: string }>(lines: readonly T[]) =>
  [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));

/** A reservation as the parts of a larger statement: see `reservationParts`. */
export interface ReservationParts {
  /** `wanted`, `locked` and `short`, to follow `with`. */
  check: SQL;
  /** `taken`, to follow `check` and whatever its condition names. */
  take(when: SQL): SQL;
}

/**
 * A reservation as the parts of a larger statement, so a placement reserves in the same round
 * trip that writes its order. The parts are common table expressions:
 * - `wanted (id, quantity)`: each variant's units over all the lines (`units`, the parameters of
 *   `stockUnits`), once `gate` holds (a condition on the caller's earlier parts: the variants are
 *   locked after whatever it locks);
 * - `locked`: those variants' rows, locked in variant-id order (the select sorts before it
 *   locks), so two reservations never deadlock; a locked row shows its newest stock;
 * - `short (id, stock, quantity)`: each variant whose shelf cannot cover its units, with what is
 *   there (0 for an unknown variant);
 * - `taken`: takes every variant's units off the shelf only when `when` holds, a condition that
 *   must include "nothing is short" (`not exists (select 1 from short)`): all lines or none.
 *
 * The text is the same for one line or twenty (the units travel as two array parameters), so a
 * connection prepares it once.
 */
export function reservationParts(units: UnitParams, gate: SQL): ReservationParts {
  return {
    check: sql`
      wanted (id, quantity) as (${unitRows(units)} where ${gate}),
      locked as (
        select v.id, v.stock from ${variants} v join wanted w on w.id = v.id
        order by v.id
        for update of v
      ),
      short as (
        select w.id, coalesce(l.stock, 0) as stock, w.quantity from wanted w
        left join locked l on l.id = w.id
        where l.id is null or l.stock < w.quantity
      )`,
    take: (when) => sql`
      taken as (
        update ${variants} v set stock = v.stock - w.quantity
        from wanted w
        where v.id = w.id and v.id in (select id from locked) and v.stock >= w.quantity
          and ${when}
      )`,
  };
}

/** The rows of a reservation's `short` part as short lines, in variant-id order. */
export function shortLinesOf(
  rows: readonly { id: string; stock: number; quantity: number }[],
): ShortLine[] {
  return byVariant(
    rows.map((row) => ({
      variantId: row.id,
      requested: row.quantity,
      available: Math.max(0, row.stock),
    })),
  );
}

/**
 * Takes every line's units off the shelf, or none when any line is short. Answers the short
 * lines (with what is left), in variant-id order; empty when all were taken. One statement
 * whatever the number of lines (`reservationParts`).
 */
export async function reserveStock(
  tx: Executor,
  lines: readonly StockLine[],
): Promise<ShortLine[]> {
  if (lines.length === 0) return [];
  const parts = reservationParts(unitParams(lines), sql`true`);
  const rows = await queryRows<{ id: string; stock: number; quantity: number }>(
    tx,
    sql`with ${parts.check}, ${parts.take(sql`not exists (select 1 from short)`)}
      select id, stock, quantity from short`,
  );
  return shortLinesOf(rows);
}

/**
 * Puts units back on the shelf (an order that will not ship), in one statement: it locks the
 * variants in variant-id order, then adds each line's units. Unknown variants are skipped.
 */
export async function releaseStock(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  if (lines.length === 0) return;
  const rows = await queryRows<{ id: string; stock: number; quantity: number }>(
    tx,
    sql`
    with back (id, quantity) as (${unitRows(unitParams(lines))}),
    locked as (
      select v.id from ${variants} v join back b on b.id = v.id order by v.id for update of v
    )
    update ${variants} v set stock = v.stock + b.quantity
    from back b
    where v.id = b.id and v.id in (select id from locked)
    returning v.id, v.stock, b.quantity
  `,
  );
  // The rows are locked, so the stock before the update is exactly stock - quantity.
  const restocked = rows
    .filter((row) => row.quantity > 0 && row.stock === row.quantity)
    .map((row) => row.id);
  await notifyRestocked(tx, restocked.sort());
}

/**
 * Adds to, takes from (`delta`) or sets (`set`) one variant's stock under its row's lock, never
 * below 0 (409 naming what is there). Answers the stock before and after.
 */
export async function adjustVariantStock(
  tx: Executor,
  variantId: string,
  change: { delta?: number | undefined; set?: number | undefined },
): Promise<{ before: number; after: number }> {
  const [variant] = await tx
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variantId))
    .for('update');
  if (!variant) throw notFound('not_found', 'That variant does not exist.');
  const after = change.set ?? variant.stock + (change.delta ?? 0);
  if (after < 0) {
    throw conflict(
      'stock_out_of_range',
      `Stock cannot go below 0: ${variant.stock} in stock, so at most ${variant.stock} can be taken away.`,
      { stock: variant.stock },
    );
  }
  if (after > MAX_VARIANT_STOCK) {
    throw conflict(
      'stock_out_of_range',
      `A variant holds at most ${MAX_VARIANT_STOCK} units: ${variant.stock} in stock, so at most ${MAX_VARIANT_STOCK - variant.stock} can be added.`,
      { stock: variant.stock },
    );
  }
  if (after !== variant.stock) {
    await tx.update(variants).set({ stock: after }).where(eq(variants.id, variantId));
    if (variant.stock === 0) await notifyRestocked(tx, [variantId]);
  }
  return { before: variant.stock, after };
}
