/**
 * Order links: a secret token that opens one order read-only without signing in, for a shopper
 * reading an order e-mail on another device, or a guest whose session has ended. The token is 256
 * random bits, kept only as its SHA-256; a link lasts ORDER_LINK_TTL_MS and the order's owner can
 * revoke every link of the order at once. An order number or an e-mail address never opens an
 * order by itself.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { orderLinks, orders } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an order link works: a year, the time an order is still asked about (returns, warranty). */
export const ORDER_LINK_TTL_MS = 365 * DAY_MS;

/** What a link token looks like (32 random bytes, base64url); anything else opens nothing. */
export const ORDER_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new link to the order; the token is returned once and stored only hashed. */
export async function issueOrderLink(
  tx: Executor,
  orderId: string,
  now: Clock = systemClock,
): Promise<string> {
  const token = newToken(32);
  const at = now();
  await tx.insert(orderLinks).values({
    id: newId('olk'),
    orderId,
    tokenHash: hashToken(token),
    createdAt: at,
    expiresAt: new Date(at.getTime() + ORDER_LINK_TTL_MS),
  });
  return token;
}

/** The order a live link opens, or null (unknown, revoked or expired token). */
export async function orderByLink(db: Executor, token: string, now: Clock = systemClock) {
  if (!ORDER_LINK_TOKEN.test(token)) return null;
  const [row] = await db
    .select({ order: orders })
    .from(orderLinks)
    .innerJoin(orders, eq(orders.id, orderLinks.orderId))
    .where(
      and(
        eq(orderLinks.tokenHash, hashToken(token)),
        isNull(orderLinks.revokedAt),
        gt(orderLinks.expiresAt, now()),
      ),
    )
    .limit(1);
  return row?.order ?? null;
}

/** Ends every live link of the order; answers how many there were. */
export async function revokeOrderLinks(
  db: Executor,
  orderId: string,
  now: Clock = systemClock,
): Promise<number> {
  const revoked = await db
    .update(orderLinks)
    .set({ revokedAt: now() })
    .where(and(eq(orderLinks.orderId, orderId), isNull(orderLinks.revokedAt)))
    .returning({ id: orderLinks.id });
  return revoked.length;
}
