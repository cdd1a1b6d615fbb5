/**
 * How orders read in documents the shop sends (invoices, e-mails): money, dates, taxes, cards and
 * addresses, in the order's language (English unless told).
 */
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import {
  ORDER_STATUS_LABELS,
  SHIPPING_COUNTRY_NAME,
  SHIPPING_METHOD_LABELS,
  type OrderStatus,
  type ShippingMethod,
} from '../../../contract/orders.ts';
import { SHOP_TIME_ZONE } from './shop.ts';

/** Money as the pages write it: "$1,234.56" in English, "1 234,56 $" in French. */
export { formatMoney } from '../../../contract/money.ts';

const longDates = new Map<Locale, Intl.DateTimeFormat>();

/** "November 25, 2026" or "25 novembre 2026", the day as it was in the shop's time zone. */
export function formatDate(value: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
    longDates.set(locale, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

export { taxLabel } from '../../../contract/tax-label.ts';

const FRENCH_SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  standard: 'Livraison standard (3 à 7 jours ouvrables)',
  express: 'Livraison express (1 à 2 jours ouvrables)',
};

/** "Standard shipping (3–7 business days)", "Livraison standard (3 à 7 jours ouvrables)". */
export function shippingMethodLabel(method: ShippingMethod, locale: Locale = DEFAULT_LOCALE) {
  return locale === 'fr-CA'
    ? FRENCH_SHIPPING_METHOD_LABELS[method]
    : SHIPPING_METHOD_LABELS[method];
}

const FRENCH_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'En attente de paiement',
  paid: 'Payée',
  processing: 'En préparation',
  shipped: 'Expédiée',
  delivered: 'Livrée',
  cancelled: 'Annulée',
  refunded: 'Remboursée',
};

/** An order's state as the shopper reads it: "Paid", "Payée". */
export function orderStatusLabel(status: OrderStatus, locale: Locale = DEFAULT_LOCALE): string {
  return locale === 'fr-CA' ? FRENCH_STATUS_LABELS[status] : ORDER_STATUS_LABELS[status];
}

interface PostalAddress {
  name: string;
  line1: string;
  line2?: string | undefined | null;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  phone: string;
}

/** An address as Canada Post writes it on an envelope ("Montréal, QC H3B 1K9"), one line per entry. */
export function addressLines(address: PostalAddress): string[] {
  return [
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.province} ${address.postalCode}`,
    address.country === 'CA' ? SHIPPING_COUNTRY_NAME : address.country,
    address.phone,
  ];
}

/**
 * "Visa ending in 4242", "Visa se terminant par 4242"; brands come from the provider in lower
 * case ("visa", "amex").
 */
export function cardDescription(
  card: { brand: string; last4: string },
  locale: Locale = DEFAULT_LOCALE,
): string {
  const brand = brandName(card.brand, locale);
  return locale === 'fr-CA'
    ? `${brand} se terminant par ${card.last4}`
    : `${brand} ending in ${card.last4}`;
}

const BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  american_express: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

function brandName(brand: string, locale: Locale): string {
  const known = BRAND_NAMES[brand.toLowerCase()];
  if (known) return known;
  if (brand) return brand[0]!.toUpperCase() + brand.slice(1);
  return locale === 'fr-CA' ? 'Carte' : 'Card';
}
