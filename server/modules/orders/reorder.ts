import { CART_LINE_MAX_QUANTITY } from '../../../contract/cart-rules.ts';
import { DEFAULT_LOCALE } from '../../../contract/locale.ts';
import type { Order, ReorderResult } from '../../../contract/orders.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { addItem, getCart } from '../cart/service.ts';
import { variantAvailability } from '../catalog/availability.ts';

/**
 * Puts what can still be bought of an order back in the cart, each line up to what stock and the
 * per-line limit allow, and says which lines could not be and why.
 */
export async function reorder(
  db: Database,
  user: SessionUser,
  order: Order,
): Promise<ReorderResult> {
  const owner = { kind: 'user' as const, userId: user._id };
  const result: ReorderResult = { added: [], skipped: [] };
  // Only the quantities are read: the names' language does not matter.
  const cart = await getCart(db, owner, DEFAULT_LOCALE);
  const available = await variantAvailability(
    db,
    order.lines.flatMap((line) => (line.variantId ? [line.variantId] : [])),
  );
  for (const line of order.lines) {
    const name = `${line.name} (${line.flavor}, ${line.size})`;
    const variant = line.variantId ? available.get(line.variantId) : undefined;
    if (!variant?.onSale) {
      result.skipped.push({ variantId: line.variantId, name, reason: 'no longer sold' });
      continue;
    }
    const inCart = cart.items.find((item) => item.variantId === line.variantId)?.quantity ?? 0;
    const room = Math.min(variant.stock, CART_LINE_MAX_QUANTITY) - inCart;
    const quantity = Math.min(line.quantity, room);
    if (quantity < 1) {
      result.skipped.push({
        variantId: line.variantId,
        name,
        reason:
          variant.stock === 0 ? 'out of stock' : 'your cart already holds as many as can be bought',
      });
      continue;
    }
    try {
      await addItem(db, owner, { productId: line.productId, variantId: line.variantId, quantity });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      result.skipped.push({ variantId: line.variantId, name, reason: err.message });
      continue;
    }
    result.added.push({ variantId: line.variantId, name, quantity });
    if (quantity < line.quantity) {
      result.skipped.push({ variantId: line.variantId, name, reason: `only ${quantity} added` });
    }
  }
  return result;
}
