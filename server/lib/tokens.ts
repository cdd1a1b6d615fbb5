import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An unguessable token (at least 128 bits) for guest carts, sessions and reset links. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A random code of this many decimal digits (leading zeros kept), such as a reset code. */
export function newDigitCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/**
 * What is stored in place of a secret token (session id, guest cart id, reset or e-mail link):
 * its SHA-256 in hex, so a copy of the database hands out no working token.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
