/**
 * The account forms' limits as plain values, without a schema library, so the sign-in pages can
 * render before the zod schemas of `./auth.ts` (built from these values) have loaded.
 */

export const NAME_MIN = 2;
export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;
