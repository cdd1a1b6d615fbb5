import { randomInt } from 'node:crypto';
import {
  and,
  asc,
  eq,
  gt,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { CartDiscount } from '../../../contract/cart.ts';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queryRows } from '../search/sql.ts';
import { discountCodes } from './tables.ts';

/**
 * The coupon popup's code takes 10 % off one order and is valid for 30 days (docs/product.md,
 * Coupon popup).
 */
export const COUPON_PERCENT_OFF = 10;
export const COUPON_VALIDITY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** No 0/O, 1/I/L: a code read aloud or typed from an e-mail on a phone must survive it. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_GROUPS = 2;
const CODE_GROUP_LENGTH = 4;
export const CODE_PREFIX = 'FORGE';

export interface DiscountCode {
  id: string;
  code: string;
  percentOff: number;
  expiresAt: Date;
}

export interface IssuedCode extends DiscountCode {
  /** False when the address already had a live code and it is being sent again. */
  created: boolean;
}

export type DiscountRejection = 'unknown' | 'expired' | 'used';

/** Why a code cannot be applied; `reason` lets a client react without parsing the message. */
export class DiscountCodeError extends HttpError {
  constructor(readonly reason: DiscountRejection) {
    const [status, message] = REJECTIONS[reason];
    super(status, `discount_${reason}`, message, { reason });
    this.name = 'DiscountCodeError';
  }
}

const REJECTIONS: Record<DiscountRejection, [number, string]> = {
  unknown: [404, 'That discount code does not exist. Check the code and try again.'],
  expired: [410, 'That discount code has expired.'],
  used: [409, 'That discount code has already been used.'],
};

/** A new random, human-readable code such as FORGE-7KQ2-MX9P (about 39 bits). */
export function generateCode(): string {
  const groups = Array.from({ length: CODE_GROUPS }, () =>
    Array.from(
      { length: CODE_GROUP_LENGTH },
      () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
    ).join(''),
  );
  return [CODE_PREFIX, ...groups].join('-');
}

/** Codes are matched case-insensitively and without surrounding spaces. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

const codeColumns = {
  id: discountCodes.id,
  code: discountCodes.code,
  percentOff: discountCodes.percentOff,
  expiresAt: discountCodes.expiresAt,
};

/**
 * The address's live code (unused and unexpired), or a new one. One address has at most one live
 * code: asking again re-sends the same code; once it is used or expired, a new one is
 * issued.
 */
export async function issueCouponCode(
  executor: Executor,
  input: { email: string; name: string },
): Promise<IssuedCode> {
  const email = normalizeEmail(input.email);
  const now = new Date();
  const live = () =>
    executor
      .select(codeColumns)
      .from(discountCodes)
      .where(
        and(
          eq(discountCodes.liveFor, email),
          isNull(discountCodes.usedAt),
          gt(discountCodes.expiresAt, now),
        ),
      )
      .limit(1);

  const [existing] = await live();
  if (existing) return { ...existing, created: false };

  await executor
    .update(discountCodes)
    .set({ liveFor: null })
    .where(
      and(
        eq(discountCodes.liveFor, email),
        or(isNotNull(discountCodes.usedAt), lte(discountCodes.expiresAt, now)),
      ),
    );

  const expiresAt = new Date(now.getTime() + COUPON_VALIDITY_DAYS * DAY_MS);
  // A conflict is either a racing request that just issued this address's code (use it) or,
  // very rarely, a random code already taken (draw again).
  for (let attempt = 0; attempt < 5; attempt++) {
    const [inserted] = await executor
      .insert(discountCodes)
      .values({
        id: newId('dc'),
        code: generateCode(),
        email,
        name: input.name.trim(),
        percentOff: COUPON_PERCENT_OFF,
        liveFor: email,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning(codeColumns);
    if (inserted) return { ...inserted, created: true };
    const [raced] = await live();
    if (raced) return { ...raced, created: false };
  }
  throw new Error('Could not draw a free discount code after 5 attempts');
}

/**
 * The code as typed by a shopper, if it can still be used; otherwise a DiscountCodeError saying
 * whether it is unknown, expired or already used.
 */
export async function findApplicableCode(executor: Executor, code: string): Promise<DiscountCode> {
  const [row] = await executor
    .select({ ...codeColumns, usedAt: discountCodes.usedAt })
    .from(discountCodes)
    .where(eq(discountCodes.code, normalizeCode(code)))
    .limit(1);
  if (!row) throw new DiscountCodeError('unknown');
  if (row.usedAt) throw new DiscountCodeError('used');
  if (row.expiresAt.getTime() <= Date.now()) throw new DiscountCodeError('expired');
  return { id: row.id, code: row.code, percentOff: row.percentOff, expiresAt: row.expiresAt };
}

/**
 * A code's redemption as the parts of a larger statement (a placement's), common table
 * expressions: `check` is `code`, the code's row while it can still be redeemed (unused,
 * unexpired), locked once `after` holds (a condition on the caller's earlier parts, so the code
 * is locked after them); `redeem(when)` is `redeemed`, which marks it used (and frees its address
 * for another code) only when `when` holds. Of two orders redeeming one code, the second finds it
 * used once the first is committed: its `code` is empty.
 */
export function redemptionParts(
  id: string | Placeholder,
  after: SQL,
  now: Date | Placeholder = new Date(),
) {
  return {
    check: sql`
      code as (
        select ${discountCodes.id} from ${discountCodes}
        where ${and(eq(discountCodes.id, id), isNull(discountCodes.usedAt), gt(discountCodes.expiresAt, now))}
          and ${after}
        for update
      )`,
    redeem: (when: SQL) => sql`
      redeemed as (
        update ${discountCodes} set used_at = ${now}, live_for = null
        where id in (select id from code) and ${when}
        returning id
      )`,
  };
}

/**
 * Marks a code used, atomically: true for exactly one caller, false if it was already used or has
 * expired (so two orders racing for one single-use code cannot both get the discount).
 */
export async function redeemDiscountCode(executor: Executor, id: string): Promise<boolean> {
  const parts = redemptionParts(id, sql`true`);
  const rows = await queryRows<{ id: string }>(
    executor,
    sql`with ${parts.check}, ${parts.redeem(sql`true`)} select id from redeemed`,
  );
  return rows.length === 1;
}

/**
 * Makes a redeemed code usable again (its order will not ship), only while it has not expired and
 * its address has no other live code (an address holds one live code at a time).
 */
export async function releaseDiscountCode(executor: Executor, id: string): Promise<void> {
  await executor
    .update(discountCodes)
    .set({ usedAt: null, liveFor: sql`${discountCodes.email}` })
    .where(
      sql`${discountCodes.id} = ${id}
        and discount_codes.expires_at > now()
        and not exists (select 1 from discount_codes other
          where other.live_for = discount_codes.email and other.id <> discount_codes.id)`,
    );
}

/** The codes issued to an e-mail address, oldest first, for its account's data export. */
export async function exportCodesOf(db: Executor, email: string) {
  return db
    .select({
      code: discountCodes.code,
      email: discountCodes.email,
      percentOff: discountCodes.percentOff,
      expiresAt: discountCodes.expiresAt,
      usedAt: discountCodes.usedAt,
      createdAt: discountCodes.createdAt,
    })
    .from(discountCodes)
    .where(eq(discountCodes.email, email))
    .orderBy(asc(discountCodes.createdAt));
}

/** A code applied earlier counts only while it can still be used. */
export async function liveDiscount(
  executor: Executor,
  id: string | null,
): Promise<CartDiscount | null> {
  if (!id) return null;
  const [row] = await executor
    .select({ code: discountCodes.code, percentOff: discountCodes.percentOff })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.id, id),
        isNull(discountCodes.usedAt),
        gt(discountCodes.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A code as pricing weighs it: whether it is used and until when it holds; null when unknown. */
export async function discountCodeById(executor: Executor, id: string) {
  const [code] = await executor
    .select({
      id: discountCodes.id,
      code: discountCodes.code,
      percentOff: discountCodes.percentOff,
      usedAt: discountCodes.usedAt,
      expiresAt: discountCodes.expiresAt,
    })
    .from(discountCodes)
    .where(eq(discountCodes.id, id));
  return code ?? null;
}
