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
 */
import {
  PROVINCES,
  SHIPPING_COUNTRY,
  SHIPPING_DELIVERY_TIMES,
  SHIPPING_METHODS,
  shippingPrice,
  type ShippingMethod,
} from '../../../../contract/checkout-rules.ts';
import type { AddressInput, Quote } from '../../../../contract/orders.ts';

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

export const WALLET_SHIPPING_NAMES: Record<ShippingMethod, string> = {
  standard: 'Standard shipping',
  express: 'Express shipping',
};

/** The sheet's shipping choices, the one chosen first, each priced as the quotes say. */
export function walletShippingRates(
  shippingOf: (method: ShippingMethod) => number,
  chosen: ShippingMethod,
): WalletRate[] {
  const rates = SHIPPING_METHODS.map((method) => ({
    id: method,
    displayName: WALLET_SHIPPING_NAMES[method],
    amount: shippingOf(method),
    deliveryEstimate: SHIPPING_DELIVERY_TIMES[method],
  }));
  return [...rates.filter((rate) => rate.id === chosen), ...rates.filter((r) => r.id !== chosen)];
}

/**
 * The sheet's lines for a quote: the goods after any discount, then each tax. With the shipping
 * rate the sheet adds, they make the quote's total.
 */
export function walletLineItems(quote: Quote): WalletLine[] {
  const { totals, discount } = quote;
  const goods = totals.subtotal - totals.discount;
  return [
    {
      name: discount ? `Items (${discount.percentOff} % off with ${discount.code})` : 'Items',
      amount: goods,
    },
    ...totals.taxes.map((tax) => ({ name: `${tax.name} (${tax.rate} %)`, amount: tax.amount })),
  ];
}

/** Before a region is known: the goods and standard shipping, the taxes to follow. */
export function estimateFor(discountedSubtotal: number) {
  const shippingOf = (method: ShippingMethod) => shippingPrice(method, discountedSubtotal);
  return {
    amount: discountedSubtotal + shippingOf('standard'),
    lineItems: [{ name: 'Items', amount: discountedSubtotal }],
    shippingRates: walletShippingRates(shippingOf, 'standard'),
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
