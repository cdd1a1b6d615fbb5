/**
 * What the shop tells a wallet's payment sheet (Apple Pay, Google Pay, Link through Stripe's
 * Express Checkout Element) and what it reads back from it, kept apart from the element so it can
 * be checked on its own:
 *
 * - walletProvince: the province code of the region a sheet shares ("ON", "Ontario", "Québec").
 * - walletShippingAddress: the sheet's final address and phone as the checkout's address body.
 * - walletLineItems / walletShippingRates: a quote as the sheet's lines and shipping choices. The
 *   lines and the chosen rate add up to the quote's total, which is what the sheet charges.
 * - estimateFor: what the sheet shows before it has shared a region (no taxes yet).
 *
 * The sheet's words are in `i18n`'s language (the page's).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  PROVINCES,
  SHIPPING_COUNTRY,
  SHIPPING_METHODS,
  shippingPrice,
  type ShippingMethod,
} from '../../../../contract/checkout-rules.ts';
import { isLocale } from '../../../../contract/locale.ts';
import type { AddressInput, Quote } from '../../../../contract/orders.ts';
import { taxLabel } from '../../../lib/order-format.ts';

export interface WalletLine {
  name: string;
  amount: number;
}

export interface WalletRate {
  id: ShippingMethod;
  displayName: string;
  amount: number;
  deliveryEstimate: string;
}

/** Address parts as a wallet gives them (Stripe's shape). */
export interface WalletAddress {
  line1?: string | null;
  line2?: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/gi, '')
    .toLowerCase();

/** The province of a Canadian region as a wallet names it, or null (another country, unknown). */
export function walletProvince(region: { state: string; country: string }): string | null {
  if (region.country.trim().toUpperCase() !== SHIPPING_COUNTRY) return null;
  const wanted = fold(region.state);
  if (!wanted) return null;
  const found = PROVINCES.find(
    (province) => fold(province.code) === wanted || fold(province.name) === wanted,
  );
  return found?.code ?? null;
}

export const WALLET_SHIPPING_NAMES: Record<ShippingMethod, MessageDescriptor> = {
  standard: msg`Standard shipping`,
  express: msg`Express shipping`,
};

/** The contract's SHIPPING_DELIVERY_TIMES, through the catalogs. */
const DELIVERY_TIMES: Record<ShippingMethod, MessageDescriptor> = {
  standard: msg`3–7 business days`,
  express: msg`1–2 business days`,
};

/** The sheet's shipping choices, the one chosen first, each priced as the quotes say. */
export function walletShippingRates(
  shippingOf: (method: ShippingMethod) => number,
  chosen: ShippingMethod,
  i18n: I18n,
): WalletRate[] {
  const rates = SHIPPING_METHODS.map((method) => ({
    id: method,
    displayName: i18n._(WALLET_SHIPPING_NAMES[method]),
    amount: shippingOf(method),
    deliveryEstimate: i18n._(DELIVERY_TIMES[method]),
  }));
  return [...rates.filter((rate) => rate.id === chosen), ...rates.filter((r) => r.id !== chosen)];
}

/**
 * The sheet's lines for a quote: the goods after any discount, then each tax. With the shipping
 * rate the sheet adds, they make the quote's total.
 */
export function walletLineItems(quote: Quote, i18n: I18n): WalletLine[] {
  const { totals, discount } = quote;
  const goods = totals.subtotal - totals.discount;
  const french = isLocale(i18n.locale) && i18n.locale === 'fr-CA';
  let name = i18n._(msg`Items`);
  if (discount) {
    const { percentOff, code } = discount;
    name = i18n._(msg`Items (${percentOff} % off with ${code})`);
  }
  return [
    { name, amount: goods },
    ...totals.taxes.map((tax) => ({
      name: french ? taxLabel(tax, 'fr-CA') : `${tax.name} (${tax.rate} %)`,
      amount: tax.amount,
    })),
  ];
}

/** Before a region is known: the goods and standard shipping, the taxes to follow. */
export function estimateFor(discountedSubtotal: number, i18n: I18n) {
  const shippingOf = (method: ShippingMethod) => shippingPrice(method, discountedSubtotal);
  return {
    amount: discountedSubtotal + shippingOf('standard'),
    lineItems: [{ name: i18n._(msg`Items`), amount: discountedSubtotal }],
    shippingRates: walletShippingRates(shippingOf, 'standard', i18n),
  };
}

/**
 * The sheet's final shipping address as the checkout takes it, or null when it is not one the
 * shop ships to. The phone is the payer's (the sheet asks for it): the carrier may call.
 */
export function walletShippingAddress(
  shipping: { name: string; address: WalletAddress },
  phone: string | undefined,
): AddressInput | null {
  const province = walletProvince(shipping.address);
  if (!province) return null;
  const { address } = shipping;
  return {
    name: shipping.name,
    line1: address.line1 ?? '',
    ...(address.line2 ? { line2: address.line2 } : {}),
    city: address.city,
    province,
    postalCode: address.postal_code,
    country: SHIPPING_COUNTRY,
    phone: phone ?? '',
  };
}
