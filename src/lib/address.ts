/**
 * A shipping address as a form holds it and as a parcel shows it, shared by the checkout and the
 * saved addresses of the profile (the rules themselves are the contract's `Address`).
 */
import {
  findProvince,
  SHIPPING_COUNTRY,
  SHIPPING_COUNTRY_NAME,
} from '../../contract/checkout-rules.ts';
import type { Locale } from '../../contract/locale.ts';

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

interface AddressLike {
  name: string;
  line1: string;
  line2?: string | null | undefined;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  phone: string;
}

/** A sent or saved address back as form values. */
export function addressValuesOf(address: Partial<AddressLike> | undefined): AddressValues {
  if (!address) return EMPTY_ADDRESS;
  return {
    name: address.name ?? '',
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    province: address.province ?? '',
    postalCode: address.postalCode ?? '',
    country: SHIPPING_COUNTRY,
    phone: address.phone ?? '',
  };
}

/** An address as it is written on a parcel, one line each. */
export function addressLines(address: AddressLike): string[] {
  const province = findProvince(address.province)?.code ?? address.province;
  return [
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city} ${province}  ${address.postalCode}`,
    address.country === SHIPPING_COUNTRY ? SHIPPING_COUNTRY_NAME : address.country,
    address.phone,
  ];
}

/** The provinces and territories as French names them in Quebec. */
const FRENCH_PROVINCE_NAMES: Record<string, string> = {
  AB: 'Alberta',
  BC: 'Colombie-Britannique',
  MB: 'Manitoba',
  NB: 'Nouveau-Brunswick',
  NL: 'Terre-Neuve-et-Labrador',
  NS: 'Nouvelle-Écosse',
  NT: 'Territoires du Nord-Ouest',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Île-du-Prince-Édouard',
  QC: 'Québec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** A province's or territory's name in the page's language ("Quebec", "Québec"); else the code. */
export function provinceName(code: string, locale: Locale = 'en-CA'): string {
  const province = findProvince(code);
  if (!province) return code;
  return locale === 'fr-CA'
    ? (FRENCH_PROVINCE_NAMES[province.code] ?? province.name)
    : province.name;
}
