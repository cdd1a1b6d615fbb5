import { randomBytes } from 'node:crypto';

/** A prefixed, URL-safe random id such as `prod_3kq9…` (96 bits of randomness). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/** An unguessable token (at least 128 bits) for guest carts, sessions and reset links. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
