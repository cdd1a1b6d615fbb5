import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  COUPON_PERCENT_OFF,
  COUPON_VALIDITY_DAYS,
  DiscountCodeError,
  findApplicableCode,
  issueCouponCode,
  redeemDiscountCode,
} from '../../server/modules/discounts/service.ts';
import { discountCodes } from '../../server/modules/discounts/tables.ts';
import { DISCOUNT_RATE_LIMITS } from '../../server/modules/cart/routes.ts';
import { newToken } from '../../server/lib/tokens.ts';
import { randomAddress, registerUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe('issueCouponCode', () => {
  test('issues a readable 10 % code valid for 30 days', async () => {
    const before = Date.now();
    const issued = await issueCouponCode(t.db, { email: 'ana@example.com', name: 'Ana' });
    expect(issued.created).toBe(true);
    expect(issued.code).toMatch(/^FORGE-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(issued.percentOff).toBe(COUPON_PERCENT_OFF);
    expect(COUPON_PERCENT_OFF).toBe(10);
    const validFor = issued.expiresAt.getTime() - before;
    expect(validFor).toBeGreaterThanOrEqual(COUPON_VALIDITY_DAYS * DAY_MS - 1000);
    expect(validFor).toBeLessThanOrEqual(COUPON_VALIDITY_DAYS * DAY_MS + 60_000);
  });

  test('asking again with the same address (any case) re-sends the same code', async () => {
    const first = await issueCouponCode(t.db, { email: 'bo@example.com', name: 'Bo' });
    const again = await issueCouponCode(t.db, { email: '  BO@Example.com ', name: 'Bo' });
    expect(again.created).toBe(false);
    expect(again.code).toBe(first.code);
    const rows = await t.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.email, 'bo@example.com'));
    expect(rows).toHaveLength(1);
  });

  test('different addresses get different codes', async () => {
    const a = await issueCouponCode(t.db, { email: 'c1@example.com', name: 'C' });
    const b = await issueCouponCode(t.db, { email: 'c2@example.com', name: 'C' });
    expect(a.code).not.toBe(b.code);
  });

  test('parallel requests for one address still leave one code', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        issueCouponCode(t.db, { email: 'race@example.com', name: 'Race' }),
      ),
    );
    expect(new Set(results.map((r) => r.code)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.email, 'race@example.com'));
    expect(rows).toHaveLength(1);
  });

  test('once the code is used or expired, a new one is issued', async () => {
    const first = await issueCouponCode(t.db, { email: 'dee@example.com', name: 'Dee' });
    expect(await redeemDiscountCode(t.db, first.id)).toBe(true);
    const second = await issueCouponCode(t.db, { email: 'dee@example.com', name: 'Dee' });
    expect(second.created).toBe(true);
    expect(second.code).not.toBe(first.code);

    await t.db
      .update(discountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.id, second.id));
    const third = await issueCouponCode(t.db, { email: 'dee@example.com', name: 'Dee' });
    expect(third.created).toBe(true);
    expect(new Set([first.code, second.code, third.code]).size).toBe(3);
  });
});

describe('findApplicableCode', () => {
  const rejection = async (code: string) => {
    try {
      await findApplicableCode(t.db, code);
    } catch (error) {
      if (error instanceof DiscountCodeError) return error;
      throw error;
    }
    throw new Error(`${code} was accepted`);
  };

  test('finds a live code whatever its case and spacing', async () => {
    const issued = await issueCouponCode(t.db, { email: 'eve@example.com', name: 'Eve' });
    const found = await findApplicableCode(t.db, `  ${issued.code.toLowerCase()} `);
    expect(found).toMatchObject({ id: issued.id, code: issued.code, percentOff: 10 });
  });

  test('unknown, expired and used codes are told apart', async () => {
    const unknown = await rejection('FORGE-NOPE-NOPE');
    expect(unknown).toMatchObject({ reason: 'unknown', statusCode: 404 });
    expect(unknown.message).toMatch(/does not exist/);

    const expiring = await issueCouponCode(t.db, { email: 'old@example.com', name: 'Old' });
    await t.db
      .update(discountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.id, expiring.id));
    const expired = await rejection(expiring.code);
    expect(expired).toMatchObject({ reason: 'expired', statusCode: 410 });
    expect(expired.message).toMatch(/expired/);

    const using = await issueCouponCode(t.db, { email: 'used@example.com', name: 'Used' });
    await redeemDiscountCode(t.db, using.id);
    const used = await rejection(using.code);
    expect(used).toMatchObject({ reason: 'used', statusCode: 409 });
    expect(used.message).toMatch(/already been used/);
  });

  test('a code can be redeemed once, even by racing orders', async () => {
    const issued = await issueCouponCode(t.db, { email: 'once@example.com', name: 'Once' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => redeemDiscountCode(t.db, issued.id)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('POST /cart/discount is rate-limited like the other guessable endpoints', () => {
  const apply = (code: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/discount',
      payload: { code },
      headers,
      remoteAddress,
    });
  const guess = () => `FORGE-${newToken(6).toUpperCase().slice(0, 4)}-ZZZZ`;

  const expect429 = (res: Awaited<ReturnType<typeof apply>>) => {
    expect(res.statusCode, res.body).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      success: false,
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many/),
      retryAfter,
    });
  };

  test('the limits are the documented numbers: 20 an hour per address, 10 per cart', () => {
    expect(DISCOUNT_RATE_LIMITS).toEqual({
      address: { max: 20, windowMs: 60 * 60_000 },
      subject: { max: 10, windowMs: 60 * 60_000 },
    });
  });

  test('per client address, whatever cart each guess names', async () => {
    const address = randomAddress();
    const { code } = await issueCouponCode(t.db, { email: 'limit@example.com', name: 'L' });
    for (let i = 0; i < 20; i++) {
      // A fresh guest cart id each time: a new cart is free, so it must not buy new tries.
      const res = await apply(guess(), address, { 'x-guest-cart-id': newToken(16) });
      expect(res.statusCode, res.body).toBe(404);
    }
    // Once stopped, a real code gets the same 429 as a made-up one: the answer tells nothing.
    expect429(await apply(code, address, { 'x-guest-cart-id': newToken(16) }));
    expect429(await apply(guess(), address, { 'x-guest-cart-id': newToken(16) }));
    // Another client is not affected.
    expect((await apply(guess(), randomAddress())).statusCode).toBe(404);
  });

  test('per cart owner, whatever address the guesses come from', async () => {
    const { cookie } = await registerUser(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await apply(guess(), randomAddress(), { cookie })).statusCode).toBe(404);
    }
    expect429(await apply(guess(), randomAddress(), { cookie }));
  });
});
