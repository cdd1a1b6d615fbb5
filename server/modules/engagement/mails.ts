import {
  CONSULTATION_GOALS,
  CONSULTATION_TIME_ZONE,
  EXPERIENCE_LEVELS,
} from '../../../contract/engagement.ts';
import type { MailMessage } from '../mail/outbox.ts';
import { SHOP_NAME, renderMail } from '../mail/templates.ts';
import type { consultationBookings, contactMessages } from './tables.ts';

type ContactMessage = typeof contactMessages.$inferInsert;
type ConsultationBooking = typeof consultationBookings.$inferInsert;

/*
 * Mail to the sender quotes only their name and fixed texts, never the free text they typed: a
 * form that mails arbitrary content to an arbitrary address would be a spam relay.
 */

const longDate = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: CONSULTATION_TIME_ZONE }).format(
    date,
  );

/** A calendar day such as "Tuesday, December 1, 2026", whatever the server's time zone. */
const calendarDay = (day: string) =>
  new Intl.DateTimeFormat('en-CA', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/** Header values never carry line breaks, whatever was typed. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export function couponMail(input: {
  to: string;
  name: string;
  code: string;
  percentOff: number;
  expiresAt: Date;
}): MailMessage {
  const { text, html } = renderMail({
    heading: `Your ${input.percentOff}% off code`,
    paragraphs: [
      `Hi ${input.name},`,
      `Thanks for joining ${SHOP_NAME}. Enter this code in your cart to take ${input.percentOff}% off one order. It can be used once, until ${longDate(input.expiresAt)}.`,
    ],
    code: input.code,
  });
  return {
    kind: 'coupon',
    to: input.to,
    subject: `Your ${input.percentOff}% discount code from ${SHOP_NAME}`,
    text,
    html,
  };
}

export function contactConfirmationMail(message: ContactMessage): MailMessage {
  const { text, html } = renderMail({
    heading: 'We received your message',
    paragraphs: [
      `Hi ${message.name},`,
      'Thanks for contacting us. We will reply to this address within 1–2 business days.',
    ],
    details: [{ label: 'Reference', value: message.id }],
  });
  return {
    kind: 'contact-confirmation',
    to: message.email,
    subject: `We received your message — ${SHOP_NAME}`,
    text,
    html,
  };
}

export function contactNotificationMail(message: ContactMessage, shopAddress: string): MailMessage {
  const { text, html } = renderMail({
    heading: 'New contact message',
    paragraphs: ['Reply to this e-mail to answer the sender.'],
    details: [
      { label: 'Name', value: message.name },
      { label: 'Email', value: message.email },
      { label: 'Subject', value: message.subject },
      { label: 'Message', value: message.message },
      { label: 'Reference', value: message.id },
      ...(message.userId ? [{ label: 'Account', value: message.userId }] : []),
    ],
  });
  return {
    kind: 'contact-notification',
    to: shopAddress,
    replyTo: message.email,
    subject: oneLine(`Contact form: ${message.subject}`),
    text,
    html,
  };
}

function bookingDetails(booking: ConsultationBooking) {
  return [
    { label: 'Date', value: calendarDay(booking.preferredDate) },
    { label: 'Time', value: `${booking.preferredTime} (Eastern time)` },
    { label: 'Goal', value: labelOf(CONSULTATION_GOALS, booking.goal) },
    { label: 'Experience', value: labelOf(EXPERIENCE_LEVELS, booking.experienceLevel) },
  ];
}

export function consultationConfirmationMail(booking: ConsultationBooking): MailMessage {
  const { text, html } = renderMail({
    heading: 'Your consultation request',
    paragraphs: [
      `Hi ${booking.name},`,
      'Thanks for booking a consultation. We will call or e-mail you within 1–2 business days to confirm the time.',
    ],
    details: [...bookingDetails(booking), { label: 'Reference', value: booking.id }],
  });
  return {
    kind: 'consultation-confirmation',
    to: booking.email,
    subject: `Your consultation request — ${SHOP_NAME}`,
    text,
    html,
  };
}

export function consultationNotificationMail(
  booking: ConsultationBooking,
  shopAddress: string,
): MailMessage {
  const { text, html } = renderMail({
    heading: 'New consultation request',
    paragraphs: ['Reply to this e-mail to answer the client.'],
    details: [
      { label: 'Name', value: booking.name },
      { label: 'Email', value: booking.email },
      { label: 'Phone', value: booking.phone },
      ...bookingDetails(booking),
      ...(booking.message ? [{ label: 'Message', value: booking.message }] : []),
      { label: 'Reference', value: booking.id },
      ...(booking.userId ? [{ label: 'Account', value: booking.userId }] : []),
    ],
  });
  return {
    kind: 'consultation-notification',
    to: shopAddress,
    replyTo: booking.email,
    subject: oneLine(`Consultation request: ${booking.name}, ${booking.preferredDate}`),
    text,
    html,
  };
}
