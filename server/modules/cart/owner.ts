import type { FastifyRequest } from 'fastify';
import { GuestCartId } from '../../../contract/cart.ts';
import { GUEST_CART_HEADER, GUEST_CART_QUERY } from '../../../contract/http.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { CartOwner } from './service.ts';

function parseGuestId(value: unknown, path: string, label: string): string | undefined {
  if (value === undefined) return undefined;
  const parsed = GuestCartId.safeParse(value);
  if (!parsed.success)
    throw badRequest('validation', `${label} is not a valid guest cart id.`, path);
  return parsed.data;
}

/**
 * The guest cart id a request carries, as the X-Guest-Cart-Id header and/or the guestCartId query
 * parameter. Two different ids are refused rather than guessed between.
 */
export function readGuestCartId(request: FastifyRequest): string | null {
  const header = parseGuestId(
    request.headers[GUEST_CART_HEADER],
    `headers.${GUEST_CART_HEADER}`,
    'The X-Guest-Cart-Id header',
  );
  const query = parseGuestId(
    (request.query as Record<string, unknown> | undefined)?.[GUEST_CART_QUERY],
    `querystring.${GUEST_CART_QUERY}`,
    'The guestCartId query parameter',
  );
  if (header && query && header !== query) {
    throw badRequest(
      'validation',
      'The X-Guest-Cart-Id header and the guestCartId query parameter name different carts.',
      `querystring.${GUEST_CART_QUERY}`,
    );
  }
  return header ?? query ?? null;
}

/** A signed-in shopper always uses the account's cart; a guest id is then ignored. */
export function cartOwner(request: FastifyRequest): CartOwner {
  const guestCartId = readGuestCartId(request);
  return request.user ? { kind: 'user', userId: request.user._id } : { kind: 'guest', guestCartId };
}

/** Idempotency keys belong to the cart's owner, so one shopper's key never replays another's. */
export function cartIdempotencyScope(request: FastifyRequest): string {
  const owner = cartOwner(request);
  if (owner.kind === 'user') return `user:${owner.userId}`;
  return owner.guestCartId ? `guest:${hashToken(owner.guestCartId)}` : `anon:${request.ip}`;
}
