/**
 * An account's wishlist: products kept for later, newest first, each answered as its card with
 * today's price and stock. A product taken off sale leaves the list shown (its row stays, so it
 * returns if the product does) and still counts toward WISHLIST_MAX.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Locale } from '../../../contract/locale.ts';
import { WISHLIST_MAX, type WishlistItem } from '../../../contract/wishlist.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { lockAccount } from '../auth/accounts.ts';
import { productNameOf } from '../catalog/products.ts';
import { productsOnSale } from '../catalog/availability.ts';
import { loadActiveProductSummaries } from '../catalog/service.ts';
import { wishlistItems } from './tables.ts';

export const WISHLIST_FULL = `Your wishlist holds ${WISHLIST_MAX} products, the most it can. Remove one to add another.`;
export const NO_SUCH_PRODUCT = 'No product with that id is for sale.';

export async function listWishlist(
  db: Executor,
  userId: string,
  locale: Locale,
): Promise<WishlistItem[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId, addedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), wishlistItems.productId);
  // Products off sale have no card, so their rows are left out of the list shown.
  const cards = await loadActiveProductSummaries(
    db,
    locale,
    rows.map((row) => row.productId),
  );
  const byId = new Map(cards.map((card) => [card._id, card]));
  return rows.flatMap((row) => {
    const product = byId.get(row.productId);
    return product ? [{ product, addedAt: row.addedAt.toISOString() }] : [];
  });
}

async function heldCount(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  return row?.n ?? 0;
}

/** Adds a product (again: nothing changes); 404 for one not on sale, 409 when the list is full. */
export async function addToWishlist(db: Database, userId: string, productId: string) {
  await db.transaction(async (tx) => {
    if (!(await productsOnSale(tx, [productId])).has(productId)) {
      throw notFound('not_found', NO_SUCH_PRODUCT);
    }
    await lockAccount(tx, userId);
    const [held] = await tx
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    if (held) return;
    if ((await heldCount(tx, userId)) >= WISHLIST_MAX) {
      throw conflict('wishlist_full', WISHLIST_FULL, {
        reason: 'wishlist_full',
        max: WISHLIST_MAX,
      });
    }
    await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  });
}

/** Takes a product off the list; taking off one that is not there changes nothing. */
export async function removeFromWishlist(db: Database, userId: string, productId: string) {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/**
 * Hearts given on the device before signing in join the account's list: the first given is the
 * newest, products no longer on sale and those already held are skipped, and what would pass the
 * cap is left out rather than refusing the rest.
 */
export async function mergeIntoWishlist(db: Database, userId: string, productIds: string[]) {
  const wanted = [...new Set(productIds)];
  await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const sold = await productsOnSale(tx, wanted);
    const held = new Set(
      (
        await tx
          .select({ productId: wishlistItems.productId })
          .from(wishlistItems)
          .where(eq(wishlistItems.userId, userId))
      ).map((row) => row.productId),
    );
    const room = Math.max(0, WISHLIST_MAX - held.size);
    const added = wanted.filter((id) => sold.has(id) && !held.has(id)).slice(0, room);
    if (added.length === 0) return;
    const now = Date.now();
    await tx
      .insert(wishlistItems)
      .values(
        added.map((productId, index) => ({
          userId,
          productId,
          createdAt: new Date(now - index),
        })),
      )
      .onConflictDoNothing();
  });
}

/** The account's wishlist as its data export shows it, products off sale too, oldest first. */
export async function exportWishlistOf(db: Executor, userId: string) {
  return db
    .select({
      productId: wishlistItems.productId,
      name: productNameOf(wishlistItems.productId),
      addedAt: wishlistItems.createdAt,
    })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt));
}
