/**
 * What the payments module keeps about an account, for its data export and its deletion: the
 * saved cards and the provider's customer.
 */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentCustomers, savedPaymentMethods } from './tables.ts';

/** The cards as the shopper sees them; the provider's token stays out of the file. */
export async function exportCardsOf(db: Executor, userId: string) {
  return db
    .select({
      _id: savedPaymentMethods.id,
      provider: savedPaymentMethods.provider,
      brand: savedPaymentMethods.brand,
      last4: savedPaymentMethods.last4,
      expMonth: savedPaymentMethods.expMonth,
      expYear: savedPaymentMethods.expYear,
      createdAt: savedPaymentMethods.createdAt,
    })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, userId))
    .orderBy(asc(savedPaymentMethods.createdAt));
}

/** The provider's tokens of the account's saved cards, to detach them there. */
export async function savedCardTokensOf(db: Executor, userId: string): Promise<string[]> {
  const cards = await db
    .select({ token: savedPaymentMethods.token })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, userId));
  return cards.map((card) => card.token);
}

/** Deletes the account's saved cards and its customer record. */
export async function deletePaymentDataOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId));
  await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId));
}
