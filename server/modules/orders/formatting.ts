/** How orders read in documents the shop sends (invoices, e-mails): money, dates, addresses. */
import { SHIPPING_COUNTRY_NAME, type TaxLine } from '../../../contract/orders.ts';
import { SHOP_TIME_ZONE } from './shop.ts';

/** 123456 → "$1,234.56"; negative amounts get a leading minus ("-$12.00"). */
export function formatMoney(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${rest}`;
}

const longDate = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });

/** "November 25, 2026", the day as it was in the shop's time zone. */
export function formatDate(value: string | Date): string {
  return longDate.format(typeof value === 'string' ? new Date(value) : value);
}

/** "HST (13%)", "QST (9.975%)". */
export function taxLabel(tax: Pick<TaxLine, 'name' | 'rate'>): string {
  return `${tax.name} (${tax.rate}%)`;
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

/** "Visa ending in 4242"; brands come from the provider in lower case ("visa", "amex"). */
export function cardDescription(card: { brand: string; last4: string }): string {
  return `${brandName(card.brand)} ending in ${card.last4}`;
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

function brandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()];
  if (known) return known;
  return brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card';
}
