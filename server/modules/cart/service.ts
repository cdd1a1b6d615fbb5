import {
  and,
  asc,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import {
  CART_LINE_MAX_QUANTITY,
  computeCartTotals,
  type CappedCartLine,
  type Cart,
  type CartItem,
} from '../../../contract/cart.ts';
import type { Locale } from '../../../contract/locale.ts';
import { builtOncePer, sqlBuiltOncePer, type Placeholders } from '../../db/built-once.ts';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  findSellableVariant,
  sellableStockSql,
  sellableVariants,
  sellableVariantsIn,
} from '../catalog/service.ts';
import { flavorPackshot } from '../catalog/images.ts';
import { findApplicableCode, liveDiscount } from '../discounts/service.ts';
import { cartItems, carts } from './tables.ts';

/** A guest cart nobody has changed for this long is forgotten. */
export const GUEST_CART_TTL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CartOwner =
  { kind: 'user'; userId: string } | { kind: 'guest'; guestCartId: string | null };

interface CartRef {
  id: string;
  discountCodeId: string | null;
  /** The id to hand back to a guest (the one sent, or a new one); undefined for an account. */
  guestCartId?: string;
}

const guestCutoff = () => new Date(Date.now() - GUEST_CART_TTL_DAYS * DAY_MS);

const cartColumns = { id: carts.id, discountCodeId: carts.discountCodeId };

/** The account's cart row. */
const accountCartIs = (userId: string | Placeholder) => eq(carts.userId, userId);
/** A guest's cart row, while it is live (changed since `cutoff`). */
const guestCartIs = (guestIdHash: string | Placeholder, cutoff: Date | Placeholder) =>
  and(eq(carts.guestIdHash, guestIdHash), gt(carts.updatedAt, cutoff));

/** The select of the cart row that `where` picks, unexecuted. */
const cartRow = (executor: Executor, where: SQL | undefined) =>
  executor.select(cartColumns).from(carts).where(where).limit(1);

/** The owner's cart row as a reference (a guest's carries the id to hand back). */
const refOf = (owner: CartOwner, row: { id: string; discountCodeId: string | null }): CartRef =>
  owner.kind === 'guest' ? { ...row, guestCartId: owner.guestCartId ?? '' } : row;

/** Whether a cart row is only read, or locked for the rest of the transaction. */
type Hold = 'read' | 'update';

/** A cart row's select, as it is or locking the row. */
const held = (hold: Hold, query: ReturnType<typeof cartRow>) =>
  hold === 'update' ? query.for('update') : query;

// Every cart request reads its cart row, so findCart's texts are built once.
const accountCartRow = builtOncePer((hold: Hold, db, p: Placeholders<{ userId: string }>) =>
  held(hold, cartRow(db, accountCartIs(p('userId')))),
);
const guestCartRow = builtOncePer(
  (hold: Hold, db, p: Placeholders<{ guestIdHash: string; cutoff: Date }>) =>
    held(hold, cartRow(db, guestCartIs(p('guestIdHash'), p('cutoff')))),
);

/** A cart row's version: the transaction that last wrote it. */
const cartVersion = sql<string>`${carts}.xmin::text`;

/**
 * The part of a larger statement, to follow `with`, that locks `cart` while its row still has
 * the version read: `cart (id)` is empty when another transaction has changed the cart since
 * (after waiting for it, the lock sees the newest row).
 */
export function lockedCartPart(cart: {
  id: string | Placeholder;
  version: string | Placeholder;
}): SQL {
  return sql`cart as (
    select ${carts.id} from ${carts}
    where ${carts.id} = ${cart.id} and ${cartVersion} = ${cart.version}
    for update
  )`;
}

/**
 * What finds the owner's cart row: an account's id, or a guest cart's hashed id with the cutoff
 * before which a guest cart has expired. Null for a guest who has no cart id.
 */
function cartKeyOf(
  owner: CartOwner,
): { userId: string } | { guestIdHash: string; cutoff: Date } | null {
  if (owner.kind === 'user') return { userId: owner.userId };
  if (!owner.guestCartId) return null;
  return { guestIdHash: hashToken(owner.guestCartId), cutoff: guestCutoff() };
}

/** The owner's cart, if it has one (row-locked when `forUpdate`, inside a transaction). */
export async function findCart(
  executor: Executor,
  owner: CartOwner,
  forUpdate = false,
): Promise<CartRef | null> {
  const hold: Hold = forUpdate ? 'update' : 'read';
  const key = cartKeyOf(owner);
  if (!key) return null;
  const [row] =
    'userId' in key
      ? await accountCartRow(hold, executor, key)
      : await guestCartRow(hold, executor, key);
  return row ? refOf(owner, row) : null;
}

/** The owner's cart, locked for the rest of the transaction; created when missing. */
async function ensureCart(tx: Executor, owner: CartOwner): Promise<CartRef> {
  const found = await findCart(tx, owner, true);
  if (found) return found;
  if (owner.kind === 'user') {
    await tx
      .insert(carts)
      .values({ id: newId('cart'), userId: owner.userId })
      .onConflictDoNothing();
    const created = await findCart(tx, owner, true);
    if (!created) throw new Error('The account cart vanished while it was being created');
    return created;
  }
  // A guest id we do not know (expired, merged, or made up) is never adopted: the server issues
  // every guest id, so nobody can plant a cart under an id they chose.
  const guestCartId = newToken();
  const id = newId('cart');
  await tx.insert(carts).values({ id, guestIdHash: hashToken(guestCartId) });
  return { id, discountCodeId: null, guestCartId };
}

const GUEST_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
let lastGuestSweep = 0;

/**
 * Deletes guest carts past their time. Run outside the shopper's transaction, and at most every
 * few minutes per process, so racing sweeps never hold locks inside a cart change.
 */
export async function sweepExpiredGuestCarts(db: Database, force = false): Promise<number> {
  const now = Date.now();
  if (!force && now - lastGuestSweep < GUEST_SWEEP_INTERVAL_MS) return 0;
  lastGuestSweep = now;
  const removed = await db
    .delete(carts)
    .where(and(isNotNull(carts.guestIdHash), lt(carts.updatedAt, guestCutoff())))
    .returning({ id: carts.id });
  return removed.length;
}

const touch = (tx: Executor, cartId: string) =>
  tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));

function overStock(name: string, stock: number, inCart: number) {
  const available = Math.max(0, stock - inCart);
  const message =
    stock === 0
      ? `${name} is out of stock.`
      : inCart > 0
        ? `Only ${stock} of ${name} are in stock and ${inCart} are already in your cart.`
        : `Only ${stock} of ${name} are in stock.`;
  return conflict('cart_over_stock', message, { available });
}

interface AddedLine {
  productId: string;
  variantId: string;
  quantity: number;
}

/** The values of every one-statement line change: whose cart, and when it changed. */
type LineChangeValues = Partial<{ userId: string; guestIdHash: string; cutoff: Date }> & {
  now: Date;
};

/**
 * A statement that changes the owner's cart lines, built once per kind of owner, without a
 * transaction. `cart` locks the owner's cart row, so a placement holding it is waited for and its
 * emptied cart is what this changes; `parts` follow it after `with` and end with `line`, the
 * change, which returns the `cart_id` of each line it wrote. The cart is then marked as changed,
 * and the statement answers its row when a line changed and nothing otherwise.
 */
function lineChange<Values extends LineChangeValues>(parts: (p: Placeholders<Values>) => SQL) {
  return sqlBuiltOncePer<
    CartOwner['kind'],
    Values,
    { id: string; discount_code_id: string | null }
  >((kind, db, p) => {
    const owner =
      kind === 'user' ? accountCartIs(p('userId')) : guestCartIs(p('guestIdHash'), p('cutoff'));
    return sql`with cart as (${cartRow(db, owner).for('update').getSQL()}),
      ${parts(p)},
      touched as (
        update ${carts} set updated_at = ${p('now')} where id in (select cart_id from line)
      )
      select cart.id, cart.discount_code_id from cart where exists (select 1 from line)`;
  });
}

/** Runs `statement` on the owner's cart: its reference when a line changed, else null. */
async function changeLine<Values extends LineChangeValues>(
  statement: ReturnType<typeof lineChange<Values>>,
  db: Database,
  owner: CartOwner,
  values: Omit<Values, keyof LineChangeValues>,
): Promise<CartRef | null> {
  const key = cartKeyOf(owner);
  if (!key) return null;
  const [row] = await statement(owner.kind, db, { ...values, ...key, now: new Date() } as Values);
  return row ? refOf(owner, { id: row.id, discountCodeId: row.discount_code_id }) : null;
}

/**
 * Adds the line, or adds to the line already there, only where the sum stays within the variant's
 * stock and the per-line maximum. The sum is checked on the newest version of the line (ON
 * CONFLICT works on it, whatever this statement's snapshot saw), so two adds at once both count.
 */
const addToCart = lineChange<LineChangeValues & AddedLine & { itemId: string }>((p) => {
  const quantity = p('quantity');
  const most = sql`least((select stock from variant), ${CART_LINE_MAX_QUANTITY})`;
  return sql`variant as (${sellableStockSql(p('productId'), p('variantId'))}),
      line as (
        insert into ${cartItems} (id, cart_id, product_id, variant_id, quantity)
        select ${p('itemId')}, cart.id, ${p('productId')}, ${p('variantId')}, ${quantity}
        from cart where ${quantity} <= ${most}
        on conflict (cart_id, variant_id) do update
          set quantity = ${cartItems.quantity} + excluded.quantity
          where ${cartItems.quantity} + excluded.quantity <= ${most}
        returning cart_id
      )`;
});

/** Sets a line's quantity, where the line is the cart's, can still be bought and has the stock. */
const setLineQuantity = lineChange<LineChangeValues & { itemId: string; quantity: number }>(
  (p) => sql`line as (
      update ${cartItems} set quantity = ${p('quantity')}
      where ${cartItems.id} = ${p('itemId')} and ${cartItems.cartId} in (select id from cart)
        and ${p('quantity')} <= (${sellableStockSql(cartItems.productId, cartItems.variantId)})
      returning cart_id
    )`,
);

/** Deletes a line, where it is the cart's. */
const deleteLine = lineChange<LineChangeValues & { itemId: string }>(
  (p) => sql`line as (
      delete from ${cartItems}
      where ${cartItems.id} = ${p('itemId')} and ${cartItems.cartId} in (select id from cart)
      returning cart_id
    )`,
);

/**
 * The everyday add: the owner has a cart and the line fits. One statement and no transaction
 * (the whole path below takes eight or more). Answers null when the owner has no cart or the line
 * does not fit; the whole path then creates the cart, or says exactly why not.
 */
async function addToExistingCart(
  db: Database,
  owner: CartOwner,
  input: AddedLine,
): Promise<CartRef | null> {
  return changeLine(addToCart, db, owner, { ...input, itemId: newId('item') });
}

export async function addItem(db: Database, owner: CartOwner, input: AddedLine): Promise<CartRef> {
  const added = await addToExistingCart(db, owner, input);
  if (added) return added;
  const changed = await db.transaction(async (tx) => {
    const variant = await findSellableVariant(tx, input.productId, input.variantId);
    const cart = await ensureCart(tx, owner);
    const [line] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.variantId, input.variantId)));
    const inCart = line?.quantity ?? 0;
    const quantity = inCart + input.quantity;
    if (quantity > CART_LINE_MAX_QUANTITY) {
      throw badRequest(
        'validation',
        `You can have at most ${CART_LINE_MAX_QUANTITY} of one item in your cart; ${inCart} are already there.`,
        'body.quantity',
      );
    }
    if (quantity > variant.stock) throw overStock(variant.name, variant.stock, inCart);
    await tx
      .insert(cartItems)
      .values({
        id: newId('item'),
        cartId: cart.id,
        productId: input.productId,
        variantId: input.variantId,
        quantity,
      })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.variantId],
        set: { quantity },
      });
    await touch(tx, cart.id);
    return cart;
  });
  // A new guest cart is the moment to forget abandoned ones.
  if (owner.kind === 'guest' && changed.guestCartId !== owner.guestCartId) {
    await sweepExpiredGuestCarts(db);
  }
  return changed;
}

const ITEM_NOT_FOUND = 'That item is not in your cart.';

/**
 * A line's new quantity. The everyday change (the line is there and the stock allows it) is one
 * statement; when that changes nothing, the transaction below finds out why, and says so.
 */
export async function updateItem(
  db: Database,
  owner: CartOwner,
  itemId: string,
  quantity: number,
): Promise<CartRef> {
  const changed = await changeLine(setLineQuantity, db, owner, { itemId, quantity });
  if (changed) return changed;
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, owner, true);
    if (!cart) throw notFound('not_found', ITEM_NOT_FOUND);
    const [line] = await tx
      .select({ name: sellableVariants.name, stock: sellableVariants.stock })
      .from(cartItems)
      .innerJoin(sellableVariants, sellableLine)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
      .limit(1);
    if (!line) throw notFound('not_found', ITEM_NOT_FOUND);
    if (quantity > line.stock) throw overStock(line.name, line.stock, 0);
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, itemId));
    await touch(tx, cart.id);
    return cart;
  });
}

/** Removes a line of the owner's cart, in one statement. */
export async function removeItem(db: Database, owner: CartOwner, itemId: string): Promise<CartRef> {
  const removed = await changeLine(deleteLine, db, owner, { itemId });
  if (!removed) throw notFound('not_found', ITEM_NOT_FOUND);
  return removed;
}

/**
 * Moves a guest cart into the account's cart: lines of the same variant add up, capped by stock
 * and the per-line maximum (each cut line is listed in `capped`); the guest cart is then deleted. The guest cart row is locked first,
 * so of two concurrent merges one waits and then finds it gone: it is merged exactly once, and a
 * repeated merge changes nothing.
 */
export async function mergeGuestCart(
  db: Database,
  userId: string,
  guestCartId: string,
): Promise<{ cart: CartRef; capped: CappedCartLine[] }> {
  return db.transaction(async (tx) => {
    const owner: CartOwner = { kind: 'user', userId };
    const guest = await findCart(tx, { kind: 'guest', guestCartId }, true);
    const cart = await ensureCart(tx, owner);
    const capped: CappedCartLine[] = [];
    if (!guest) return { cart, capped };

    const guestLines = await tx
      .select({
        productId: cartItems.productId,
        variantId: cartItems.variantId,
        quantity: cartItems.quantity,
        stock: sellableVariants.stock,
        name: sellableVariants.name,
      })
      .from(cartItems)
      .innerJoin(sellableVariants, sellableLine)
      .where(eq(cartItems.cartId, guest.id));
    const own = new Map(
      (
        await tx
          .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
          .from(cartItems)
          .where(eq(cartItems.cartId, cart.id))
      ).map((line) => [line.variantId, line.quantity]),
    );
    for (const line of guestLines) {
      const current = own.get(line.variantId) ?? 0;
      const cap = Math.min(line.stock, CART_LINE_MAX_QUANTITY);
      const requested = current + line.quantity;
      const quantity = Math.max(current, Math.min(requested, cap));
      if (quantity < requested) {
        const { variantId, name, stock } = line;
        capped.push({ variantId, name, requested, quantity, stock });
      }
      // Nothing to add; this also skips a sold-out line, whose quantity stays at 0.
      if (quantity === current) continue;
      await tx
        .insert(cartItems)
        .values({
          id: newId('item'),
          cartId: cart.id,
          productId: line.productId,
          variantId: line.variantId,
          quantity,
        })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.variantId],
          set: { quantity },
        });
    }
    const discountCodeId = cart.discountCodeId ?? guest.discountCodeId;
    await tx
      .update(carts)
      .set({ updatedAt: new Date(), discountCodeId })
      .where(eq(carts.id, cart.id));
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return { cart: { ...cart, discountCodeId }, capped };
  });
}

export async function applyDiscount(
  db: Database,
  owner: CartOwner,
  code: string,
): Promise<CartRef> {
  return db.transaction(async (tx) => {
    const discount = await findApplicableCode(tx, code);
    const cart = await ensureCart(tx, owner);
    await tx
      .update(carts)
      .set({ discountCodeId: discount.id, updatedAt: new Date() })
      .where(eq(carts.id, cart.id));
    return { ...cart, discountCodeId: discount.id };
  });
}

export async function removeDiscount(db: Database, owner: CartOwner): Promise<CartRef | null> {
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, owner, true);
    if (!cart) return null;
    await tx
      .update(carts)
      .set({ discountCodeId: null, updatedAt: new Date() })
      .where(eq(carts.id, cart.id));
    return { ...cart, discountCodeId: null };
  });
}

/** What a priced line reads of its variant, product, brand and flavor, named in `locale`. */
function lineColumns(locale: Locale) {
  const sellable = sellableVariantsIn(locale);
  return {
    productId: sellable.productId,
    variantId: sellable.variantId,
    name: sellable.name,
    slug: sellable.slug,
    images: sellable.images,
    flavorSlugs: sellable.flavorSlugs,
    brandId: sellable.brandId,
    brandSlug: sellable.brandSlug,
    brandName: sellable.brandName,
    flavorId: sellable.flavorId,
    flavorSlug: sellable.flavorSlug,
    flavorName: sellable.flavorName,
    size: sellable.size,
    sku: sellable.sku,
    unitPrice: sellable.unitPrice,
    compareAtPrice: sellable.compareAtPrice,
    stock: sellable.stock,
  };
}

/** A cart line's variant, if it can still be bought. */
const sellableLine = and(
  eq(sellableVariants.variantId, cartItems.variantId),
  eq(sellableVariants.productId, cartItems.productId),
);

// A line shows its own flavor's packshot, not the product's first picture.
const withPackshot = <Row extends { images: string[]; flavorSlugs: string[]; flavorSlug: string }>({
  images,
  flavorSlugs,
  ...row
}: Row) => ({ ...row, image: flavorPackshot(images, flavorSlugs, row.flavorSlug) });

// Every cart read and every checkout reads a cart's lines; of all the shop's statements this
// one, with its sellable-variants subquery, costs the most to build, so it is built once.
const cartLines = builtOncePer((locale: Locale, db, p: Placeholders<{ cartId: string }>) => {
  const sellable = sellableVariantsIn(locale);
  return db
    .select({ ...lineColumns(locale), itemId: cartItems.id, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(
      sellable,
      and(eq(sellable.variantId, cartItems.variantId), eq(sellable.productId, cartItems.productId)),
    )
    .where(eq(cartItems.cartId, p('cartId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
});

/**
 * A cart's lines that can still be bought (active product and variant) at today's prices, in the
 * order they were added: what the cart shows and what checkout prices.
 */
export async function readCartLines(executor: Executor, cartId: string, locale: Locale) {
  return (await cartLines(locale, executor, { cartId })).map(withPackshot);
}

// A checkout reads the account's cart row, with its version, and its lines in one statement.
const checkoutCartLines = builtOncePer(
  (locale: Locale, db, p: Placeholders<{ userId: string }>) => {
    const sellable = sellableVariantsIn(locale);
    return db
      .select({
        cartId: carts.id,
        discountCodeId: carts.discountCodeId,
        version: cartVersion,
        ...lineColumns(locale),
        itemId: cartItems.id,
        quantity: cartItems.quantity,
      })
      .from(carts)
      .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
      .leftJoin(
        sellable,
        and(
          eq(sellable.variantId, cartItems.variantId),
          eq(sellable.productId, cartItems.productId),
        ),
      )
      .where(
        and(accountCartIs(p('userId')), or(isNull(cartItems.id), isNotNull(sellable.variantId))),
      )
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  },
);

/**
 * The account's cart as a checkout reads it, in one statement: its row with the row's version
 * (the transaction that last wrote it) and its lines that can still be bought, as
 * `readCartLines` answers them. Every change to a cart's lines also writes its row, in the same
 * transaction, so a cart whose row still has this version still has these lines: a placement
 * reads them without a lock, then writes the order only where the version is unchanged
 * (`lockedCartPart`), and reads again otherwise. Null when the account has no cart, or none of
 * its lines can be bought.
 */
export async function readCheckoutCart(executor: Executor, userId: string, locale: Locale) {
  const rows = await checkoutCartLines(locale, executor, { userId });
  const [first] = rows;
  if (!first) return null;
  type Line = Awaited<ReturnType<typeof readCartLines>>[number];
  const lines = rows
    .filter((row) => row.itemId !== null)
    .map(({ cartId: _cart, discountCodeId: _code, version: _version, ...line }) =>
      withPackshot(line as Omit<Line, 'image'> & { images: string[]; flavorSlugs: string[] }),
    ) as Line[];
  return { id: first.cartId, discountCodeId: first.discountCodeId, version: first.version, lines };
}

/** One variant of a product as a line of `quantity`, if both are on sale (a buy-now line). */
export async function readVariantLine(
  executor: Executor,
  line: { productId: string; variantId: string; quantity: number },
  locale: Locale,
) {
  const sellable = sellableVariantsIn(locale);
  const [row] = await executor
    .select(lineColumns(locale))
    .from(sellable)
    .where(and(eq(sellable.variantId, line.variantId), eq(sellable.productId, line.productId)));
  return row ? { ...withPackshot(row), quantity: line.quantity } : null;
}

/**
 * The cart screen's view of a cart: lines at current prices, named in `locale`, the live discount,
 * totals.
 */
export async function loadCart(
  executor: Executor,
  cart: CartRef | null,
  locale: Locale,
): Promise<Cart> {
  if (!cart) return { items: [], totals: computeCartTotals([], 0), discount: null };
  const rows = await readCartLines(executor, cart.id, locale);
  const items: CartItem[] = rows.map((row) => ({
    itemId: row.itemId,
    productId: row.productId,
    variantId: row.variantId,
    quantity: row.quantity,
    name: row.name,
    slug: row.slug,
    image: row.image,
    brand: { _id: row.brandId, slug: row.brandSlug, name: row.brandName },
    flavor: { _id: row.flavorId, slug: row.flavorSlug, name: row.flavorName },
    size: row.size,
    sku: row.sku,
    unitPrice: row.unitPrice,
    compareAtPrice: row.compareAtPrice,
    lineTotal: row.unitPrice * row.quantity,
    stock: row.stock,
  }));
  const discount = await liveDiscount(executor, cart.discountCodeId);
  return {
    items,
    totals: computeCartTotals(items, discount?.percentOff ?? 0),
    discount,
    ...(cart.guestCartId ? { guestCartId: cart.guestCartId } : {}),
  };
}

export async function getCart(executor: Executor, owner: CartOwner, locale: Locale): Promise<Cart> {
  return loadCart(executor, await findCart(executor, owner), locale);
}

/** Deletes the account's cart (it is being deleted); its lines go with it. */
export async function deleteCartsOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(carts).where(eq(carts.userId, userId));
}

/**
 * The statements that empty a cart once its order is placed (its lines deleted, its code taken
 * off), unexecuted: placement runs them inside its own single statement, only `when` its order
 * is written.
 */
export function emptyCartStatements(
  executor: Executor,
  cartId: string | Placeholder,
  now: Date | Placeholder,
  when?: SQL,
) {
  return [
    executor.delete(cartItems).where(and(eq(cartItems.cartId, cartId), when)),
    executor
      .update(carts)
      .set({ discountCodeId: null, updatedAt: sql`${now}` })
      .where(and(eq(carts.id, cartId), when)),
  ] as const;
}

/** Takes a code another order used off the shopper's cart, so the next try prices without it. */
export async function dropSpentCode(db: Executor, userId: string): Promise<void> {
  await db
    .update(carts)
    .set({ discountCodeId: null, updatedAt: new Date() })
    .where(
      and(
        eq(carts.userId, userId),
        sql`exists (select 1 from discount_codes where discount_codes.id = ${carts.discountCodeId} and discount_codes.used_at is not null)`,
      ),
    );
}
