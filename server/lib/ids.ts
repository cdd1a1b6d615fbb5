import { randomBytes } from 'node:crypto';

/** A prefixed, URL-safe random id such as `prod_3kq9…` (96 bits of randomness). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
