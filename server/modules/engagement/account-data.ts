/** What the engagement module keeps about a shopper, for the account's data export. */
import { asc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { consultationBookings, contactMessages } from './tables.ts';

/** Messages sent by the account or from its e-mail address, oldest first. */
export async function exportContactMessagesOf(db: Executor, userId: string, email: string) {
  return db
    .select()
    .from(contactMessages)
    .where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, email)))
    .orderBy(asc(contactMessages.createdAt));
}

/** Consultations booked by the account or for its e-mail address, oldest first. */
export async function exportConsultationsOf(db: Executor, userId: string, email: string) {
  return db
    .select()
    .from(consultationBookings)
    .where(or(eq(consultationBookings.userId, userId), eq(consultationBookings.email, email)))
    .orderBy(asc(consultationBookings.createdAt));
}
