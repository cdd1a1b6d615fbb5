import {
  CONSULTATION_GOALS,
  CONSULTATION_TIME_ZONE,
  EXPERIENCE_LEVELS,
} from '../../../contract/engagement.ts';
import type { Locale } from '../../../contract/locale.ts';
import { inLocale } from '../../lib/locale.ts';
import type { MailMessage } from '../mail/outbox.ts';
import { SHOP_NAME, renderMail } from '../mail/templates.ts';
import type { consultationBookings, contactMessages } from './tables.ts';

type ContactMessage = typeof contactMessages.$inferInsert;
type ConsultationBooking = typeof consultationBookings.$inferInsert;

/*
 * Mail to the sender quotes only their name and fixed texts, never the free text they typed: a
 * form that mails arbitrary content to an arbitrary address would be a spam relay.
 *
 * The sender's mails are written in `locale`, the language of the request that sends them (the
 * page the form is on); each builder holds both languages side by side (`l(english, french)`).
 * The notifications to the shop's own address are for its staff and stay in English; a French
 * sender's is marked so that the reply can be written in French.
 */

/** French writes the first of the month "1er" (« le 1er décembre »); English is left as it is. */
const firstOfMonth = (date: string, locale: Locale) =>
  locale === 'fr-CA' ? date.replace(/(^|\s)1(?=\s)/, '$11er') : date;

/** "November 25, 2026" or "25 novembre 2026", the day in the shop's time zone. */
const longDate = (date: Date, locale: Locale) =>
  firstOfMonth(
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeZone: CONSULTATION_TIME_ZONE,
    }).format(date),
    locale,
  );

/**
 * A calendar day such as "Tuesday, December 1, 2026" or "mardi 1er décembre 2026", whatever the
 * server's time zone.
 */
const calendarDay = (day: string, locale: Locale) =>
  firstOfMonth(
    new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    ),
    locale,
  );

/** "14:30" as French writes a time: "14 h 30", and "09:00" as "9 h". */
const frenchTime = (time: string) => {
  const [hours = '', minutes = ''] = time.split(':');
  return `${Number(hours)}\u00a0h${minutes === '00' ? '' : `\u00a0${minutes}`}`;
};

/** The French names of the form's choices, as the consultation page shows them. */
const FRENCH_GOALS: Record<(typeof CONSULTATION_GOALS)[number]['value'], string> = {
  'build-muscle': 'Prendre du muscle',
  'lose-weight': 'Perdre du poids',
  'improve-performance': 'Améliorer ses performances',
  endurance: 'Endurance',
  'general-health': 'Santé générale',
};
const FRENCH_LEVELS: Record<(typeof EXPERIENCE_LEVELS)[number]['value'], string> = {
  beginner: 'Débutant',
  intermediate: 'Intermédiaire',
  advanced: 'Avancé',
};

const labelOf = (
  options: readonly { value: string; label: string }[],
  french: Record<string, string>,
  value: string,
  locale: Locale,
) =>
  (locale === 'fr-CA' ? french[value] : undefined) ??
  options.find((option) => option.value === value)?.label ??
  value;

/** Tells the shop's staff that the sender wrote from the French pages (nothing for English). */
const languageDetail = (locale: Locale) =>
  locale === 'fr-CA' ? [{ label: 'Language', value: 'French — please reply in French' }] : [];

/** Header values never carry line breaks, whatever was typed. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export function couponMail(input: {
  to: string;
  name: string;
  code: string;
  percentOff: number;
  expiresAt: Date;
  locale: Locale;
}): MailMessage {
  const { locale, percentOff } = input;
  const l = inLocale(locale);
  const expires = longDate(input.expiresAt, locale);
  const { text, html } = renderMail(
    {
      heading: l(`Your ${percentOff}% off code`, `Votre code de ${percentOff}\u00a0% de rabais`),
      paragraphs: [
        l(`Hi ${input.name},`, `Bonjour ${input.name},`),
        l(
          `Thanks for joining ${SHOP_NAME}. Enter this code in your cart to take ${percentOff}% off one order. It can be used once, until ${expires}.`,
          `Merci de vous joindre à ${SHOP_NAME}. Entrez ce code dans votre panier pour obtenir ${percentOff}\u00a0% de rabais sur une commande. Il peut être utilisé une seule fois, jusqu’au ${expires}.`,
        ),
      ],
      code: input.code,
    },
    locale,
  );
  return {
    kind: 'coupon',
    to: input.to,
    subject: l(
      `Your ${percentOff}% discount code from ${SHOP_NAME}`,
      `Votre code de ${percentOff}\u00a0% de rabais chez ${SHOP_NAME}`,
    ),
    text,
    html,
  };
}

export function contactConfirmationMail(message: ContactMessage, locale: Locale): MailMessage {
  const l = inLocale(locale);
  const { text, html } = renderMail(
    {
      heading: l('We received your message', 'Nous avons bien reçu votre message'),
      paragraphs: [
        l(`Hi ${message.name},`, `Bonjour ${message.name},`),
        l(
          'Thanks for contacting us. We will reply to this address within 1–2 business days.',
          'Merci de nous avoir écrit. Nous vous répondrons à cette adresse d’ici 1 à 2 jours ouvrables.',
        ),
      ],
      details: [{ label: l('Reference', 'Référence'), value: message.id }],
    },
    locale,
  );
  return {
    kind: 'contact-confirmation',
    to: message.email,
    subject: l(
      `We received your message — ${SHOP_NAME}`,
      `Nous avons bien reçu votre message — ${SHOP_NAME}`,
    ),
    text,
    html,
  };
}

/** To the shop's staff, in English; `locale` is the sender's, noted when it is French. */
export function contactNotificationMail(
  message: ContactMessage,
  shopAddress: string,
  locale: Locale,
): MailMessage {
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
      ...languageDetail(locale),
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

function bookingDetails(booking: ConsultationBooking, locale: Locale) {
  const l = inLocale(locale);
  return [
    { label: 'Date', value: calendarDay(booking.preferredDate, locale) },
    {
      label: l('Time', 'Heure'),
      value: l(
        `${booking.preferredTime} (Eastern time)`,
        `${frenchTime(booking.preferredTime)} (heure de l’Est)`,
      ),
    },
    {
      label: l('Goal', 'Objectif'),
      value: labelOf(CONSULTATION_GOALS, FRENCH_GOALS, booking.goal, locale),
    },
    {
      label: l('Experience', 'Expérience'),
      value: labelOf(EXPERIENCE_LEVELS, FRENCH_LEVELS, booking.experienceLevel, locale),
    },
  ];
}

export function consultationConfirmationMail(
  booking: ConsultationBooking,
  locale: Locale,
): MailMessage {
  const l = inLocale(locale);
  const { text, html } = renderMail(
    {
      heading: l('Your consultation request', 'Votre demande de consultation'),
      paragraphs: [
        l(`Hi ${booking.name},`, `Bonjour ${booking.name},`),
        l(
          'Thanks for booking a consultation. We will call or e-mail you within 1–2 business days to confirm the time.',
          'Merci d’avoir réservé une consultation. Nous vous appellerons ou vous écrirons d’ici 1 à 2 jours ouvrables pour confirmer l’heure.',
        ),
      ],
      details: [
        ...bookingDetails(booking, locale),
        { label: l('Reference', 'Référence'), value: booking.id },
      ],
    },
    locale,
  );
  return {
    kind: 'consultation-confirmation',
    to: booking.email,
    subject: l(
      `Your consultation request — ${SHOP_NAME}`,
      `Votre demande de consultation — ${SHOP_NAME}`,
    ),
    text,
    html,
  };
}

/** To the shop's staff, in English; `locale` is the client's, noted when it is French. */
export function consultationNotificationMail(
  booking: ConsultationBooking,
  shopAddress: string,
  locale: Locale,
): MailMessage {
  const { text, html } = renderMail({
    heading: 'New consultation request',
    paragraphs: ['Reply to this e-mail to answer the client.'],
    details: [
      { label: 'Name', value: booking.name },
      { label: 'Email', value: booking.email },
      { label: 'Phone', value: booking.phone },
      ...bookingDetails(booking, 'en-CA'),
      ...(booking.message ? [{ label: 'Message', value: booking.message }] : []),
      { label: 'Reference', value: booking.id },
      ...(booking.userId ? [{ label: 'Account', value: booking.userId }] : []),
      ...languageDetail(locale),
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
