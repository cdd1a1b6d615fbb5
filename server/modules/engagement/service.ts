import type { z } from 'zod';
import type {
  consultationBody,
  contactBody,
  couponRequestBody,
} from '../../../contract/engagement.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { issueCouponCode } from '../discounts/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import {
  consultationConfirmationMail,
  consultationNotificationMail,
  contactConfirmationMail,
  contactNotificationMail,
  couponMail,
} from './mails.ts';
import { consultationBookings, contactMessages } from './tables.ts';

// Each request's record and its e-mails are written in one transaction: the shopper is answered
// once both exist, and the mail worker sends them afterwards, whatever the mail server's state.
// `shopAddress` is where contact messages and bookings are notified (SHOP_CONTACT_EMAIL);
// `locale` is the language of the request, which the shopper's own mail is written in.

/** Issues the address's code (or finds its live one) and queues it by e-mail. */
export async function requestCoupon(
  db: Database,
  input: z.output<typeof couponRequestBody>,
  locale: Locale,
): Promise<void> {
  await db.transaction(async (tx) => {
    const code = await issueCouponCode(tx, input);
    await enqueueMail(
      tx,
      couponMail({
        to: input.email,
        name: input.name,
        code: code.code,
        percentOff: code.percentOff,
        expiresAt: code.expiresAt,
        locale,
      }),
    );
  });
}

export async function submitContact(
  db: Database,
  input: z.output<typeof contactBody>,
  userId: string | null,
  shopAddress: string,
  locale: Locale,
): Promise<{ id: string }> {
  const message = {
    id: newId('msg'),
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    userId,
  };
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(message);
    await enqueueMail(tx, contactConfirmationMail(message, locale));
    await enqueueMail(tx, contactNotificationMail(message, shopAddress, locale));
  });
  return { id: message.id };
}

export async function bookConsultation(
  db: Database,
  input: z.output<typeof consultationBody>,
  userId: string | null,
  shopAddress: string,
  locale: Locale,
): Promise<{ id: string }> {
  const booking = {
    id: newId('cons'),
    name: input.name,
    email: input.email,
    phone: input.phone,
    goal: input.goal,
    experienceLevel: input.experienceLevel,
    preferredDate: input.preferredDate,
    preferredTime: input.preferredTime,
    message: input.message,
    userId,
  };
  await db.transaction(async (tx) => {
    await tx.insert(consultationBookings).values(booking);
    await enqueueMail(tx, consultationConfirmationMail(booking, locale));
    await enqueueMail(tx, consultationNotificationMail(booking, shopAddress, locale));
  });
  return { id: booking.id };
}
