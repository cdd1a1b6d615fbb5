/**
 * From the checkout form's values to the API's bodies. The form's values themselves (AddressValues)
 * are shared with the profile's saved addresses, in src/lib/address.ts.
 *
 * A quote only depends on the lines, the discount, the method and the province; the server's
 * QuoteBody still asks for a whole address. So a new address is priced as soon as its province and
 * postal code are valid, with stand-ins that pass the contract's rules for the name, street, city
 * and phone: typing those never asks for a new quote. The order itself is always placed with the
 * shopper's own values.
 */
import {
  canonicalPostalCode,
  PROVINCE_CODES,
  SHIPPING_COUNTRY,
  type ShippingMethod,
} from '../../../../contract/checkout-rules.ts';
import type { QuoteBody } from '../../../../contract/orders.ts';

/** The radio value of "Use a new address". */
export const NEW_ADDRESS = 'new';

const STAND_IN = { name: 'Quote', line1: 'Quote', city: 'Quote', phone: '416-555-0100' } as const;

export function quoteBodyFor(choice: {
  addressId: string;
  province: string;
  postalCode: string;
  shippingMethod: ShippingMethod;
}): QuoteBody | null {
  const { addressId, shippingMethod } = choice;
  if (addressId !== NEW_ADDRESS) return { addressId, shippingMethod };
  const province = choice.province.trim().toUpperCase();
  const postalCode = canonicalPostalCode(choice.postalCode);
  if (!PROVINCE_CODES.includes(province) || postalCode === null) return null;
  return {
    shippingAddress: { ...STAND_IN, province, postalCode, country: SHIPPING_COUNTRY },
    shippingMethod,
  };
}

/** Two bodies built by the same code: equal when their JSON is. */
export function sameBody(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
