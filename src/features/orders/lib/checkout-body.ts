/**
 * From the checkout form's values to the API's bodies.
 *
 * Exports: AddressValues, EMPTY_ADDRESS, NEW_ADDRESS, quoteBodyFor(choice), sameBody(a, b).
 *
 * A quote only depends on the lines, the discount, the method and the province; the server's
 * QuoteBody still asks for a whole address. So a new address is priced as soon as its province and
 * postal code are valid, the fields not yet typed (or not yet valid) filled with stand-ins that
 * pass the contract's rules. The order itself is always placed with the shopper's own values.
 */
import {
  canonicalPhone,
  canonicalPostalCode,
  PROVINCE_CODES,
  SHIPPING_COUNTRY,
  type ShippingMethod,
} from '../../../../contract/checkout-rules.ts';
import type { QuoteBody } from '../../../../contract/orders.ts';

export type AddressValues = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  phone: string;
};

export const EMPTY_ADDRESS: AddressValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  province: '',
  postalCode: '',
  country: SHIPPING_COUNTRY,
  phone: '',
};

/** The radio value of "Use a new address". */
export const NEW_ADDRESS = 'new';

const STAND_IN = { name: 'Quote', line1: 'Quote', city: 'Quote', phone: '416-555-0100' };

export function quoteBodyFor(choice: {
  addressId: string;
  address: AddressValues;
  shippingMethod: ShippingMethod;
}): QuoteBody | null {
  const { addressId, address, shippingMethod } = choice;
  if (addressId !== NEW_ADDRESS) return { addressId, shippingMethod };
  const province = address.province.trim().toUpperCase();
  const postalCode = canonicalPostalCode(address.postalCode);
  if (!PROVINCE_CODES.includes(province) || postalCode === null) return null;
  const text = (value: string, standIn: string) => value.trim().slice(0, 80) || standIn;
  return {
    shippingAddress: {
      name: text(address.name, STAND_IN.name),
      line1: text(address.line1, STAND_IN.line1),
      city: text(address.city, STAND_IN.city),
      province,
      postalCode,
      country: SHIPPING_COUNTRY,
      phone: canonicalPhone(address.phone) ?? STAND_IN.phone,
    },
    shippingMethod,
  };
}

/** Two bodies built by the same code: equal when their JSON is. */
export function sameBody(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
