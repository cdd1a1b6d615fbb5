/**
 * Every cart change goes through this module. A change is a plain, serialisable command with its
 * own idempotency key, created when the shopper acts, so the offline outbox can store and replay
 * it later without changing any caller.
 *
 * The cart shown is always the server's cart with the waiting commands applied (pure), its totals
 * then `estimated` from the lines' prices; a line whose add is still waiting has a placeholder id.
 * A command is sent with its Idempotency-Key header and, for a guest, the guest cart id it was
 * first sent with (cart-request.ts). cart-outbox.ts stores, sends and retries them.
 */
import type { TaxonomyRef } from '../../../../contract/catalog.ts';
import { computeCartTotals } from '../../../../contract/cart-rules.ts';
import { cartApi } from './cart-request.ts';
import { newIdempotencyKey } from '../../../lib/ids.ts';
import type { Cart, CartItem, CartResponse } from './get-cart.ts';

/** What an optimistic add shows until the server's line arrives. */
export interface CartLinePreview {
  name?: string;
  slug?: string;
  image?: string | null;
  brand?: TaxonomyRef;
  flavor?: TaxonomyRef;
  size?: string;
  unitPrice?: number;
  /** The stock the product page saw: how far the line may go up before the server answers. */
  stock?: number;
}

const NO_REF: TaxonomyRef = { _id: '', slug: '', name: '' };

export type CartCommand =
  | {
      type: 'add';
      productId: string;
      variantId: string;
      quantity: number;
      preview?: CartLinePreview;
      idempotencyKey: string;
    }
  | { type: 'setQuantity'; itemId: string; quantity: number; idempotencyKey: string }
  | { type: 'remove'; itemId: string; idempotencyKey: string }
  | { type: 'applyDiscount'; code: string; idempotencyKey: string }
  | { type: 'removeDiscount'; idempotencyKey: string }
  | { type: 'merge'; guestCartId: string; idempotencyKey: string };

/**
 * `sentAsGuest`: the guest cart id a command was first sent with (null: none yet), stamped by the
 * outbox so that a retry reaches the same idempotency scope on the server.
 */
export type SentCartCommand = CartCommand & { sentAsGuest?: string | null };

type WithoutKey<T> = T extends unknown ? Omit<T, 'idempotencyKey'> : never;
export type CartCommandInput = WithoutKey<CartCommand>;

export function createCartCommand(input: CartCommandInput): CartCommand {
  return { ...input, idempotencyKey: newIdempotencyKey() } as CartCommand;
}

export function pendingLineId(command: { idempotencyKey: string }): string {
  return `pending-${command.idempotencyKey}`;
}

function withLineTotal(item: CartItem, quantity: number): CartItem {
  return { ...item, quantity, lineTotal: item.unitPrice * quantity };
}

/**
 * Keeps the totals in step with the optimistic lines: the badge count, and an estimate of the
 * money from the prices the shopper has seen (the server's totals come once the change lands).
 */
function withItems(cart: Cart, items: CartItem[]): Cart {
  const totals = computeCartTotals(items, cart.discount?.percentOff ?? 0);
  return { ...cart, items, totals, estimated: true };
}

export function applyCommandToCart(cart: Cart | undefined, command: CartCommand): Cart | undefined {
  if (!cart) return cart;
  switch (command.type) {
    case 'add': {
      const existing = cart.items.find((item) => item.variantId === command.variantId);
      if (existing) {
        return withItems(
          cart,
          cart.items.map((item) =>
            item === existing ? withLineTotal(item, item.quantity + command.quantity) : item,
          ),
        );
      }
      const preview = command.preview ?? {};
      const line: CartItem = {
        itemId: pendingLineId(command),
        productId: command.productId,
        variantId: command.variantId,
        quantity: command.quantity,
        name: preview.name ?? '',
        slug: preview.slug ?? '',
        image: preview.image ?? null,
        brand: preview.brand ?? NO_REF,
        flavor: preview.flavor ?? NO_REF,
        size: preview.size ?? '',
        sku: '',
        unitPrice: preview.unitPrice ?? 0,
        compareAtPrice: null,
        lineTotal: 0,
        stock: preview.stock ?? command.quantity,
        pending: true,
      };
      return withItems(cart, [...cart.items, withLineTotal(line, command.quantity)]);
    }
    case 'setQuantity':
      return withItems(
        cart,
        cart.items.map((item) =>
          item.itemId === command.itemId ? withLineTotal(item, command.quantity) : item,
        ),
      );
    case 'remove':
      return withItems(
        cart,
        cart.items.filter((item) => item.itemId !== command.itemId),
      );
    default:
      return cart;
  }
}

export async function sendCartCommand(command: SentCartCommand): Promise<CartResponse> {
  const options = { idempotencyKey: command.idempotencyKey, guestCartId: command.sentAsGuest };
  switch (command.type) {
    case 'add':
      return cartApi.post<CartResponse>('/cart/items', {
        ...options,
        body: {
          productId: command.productId,
          variantId: command.variantId,
          quantity: command.quantity,
        },
      });
    case 'setQuantity':
      return cartApi.patch<CartResponse>(`/cart/items/${encodeURIComponent(command.itemId)}`, {
        ...options,
        body: { quantity: command.quantity },
      });
    case 'remove':
      return cartApi.delete<CartResponse>(
        `/cart/items/${encodeURIComponent(command.itemId)}`,
        options,
      );
    case 'applyDiscount':
      return cartApi.post<CartResponse>('/cart/discount', {
        ...options,
        body: { code: command.code },
      });
    case 'removeDiscount':
      return cartApi.delete<CartResponse>('/cart/discount', options);
    case 'merge':
      return cartApi.post<CartResponse>('/cart/merge', {
        ...options,
        body: { guestCartId: command.guestCartId },
      });
  }
}

export function applyPendingCommands(
  cart: Cart | undefined,
  commands: readonly CartCommand[],
): Cart | undefined {
  return commands.reduce(applyCommandToCart, cart);
}
