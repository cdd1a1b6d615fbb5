/**
 * Checkout's rules as plain values and functions, without a schema library, so the checkout page
 * can use them before zod loads and the server prices every quote and order with the same code.
 * Money is integer cents, CAD.
 */
import { FREE_SHIPPING_THRESHOLD, STANDARD_SHIPPING_PRICE } from './cart-rules.ts';
import { TEST_CARDS } from './payment-method-rules.ts';

// Kept in files of their own, so pages that show orders or saved cards load them without the rest
// of checkout's rules; everything that reads checkout's rules (or contract/orders.ts) finds them
// here as before.
export { ORDER_STATUS_LABELS } from './order-status-rules.ts';
export { TEST_CARDS };

/** Canada is the only country the shop ships to. */
export const SHIPPING_COUNTRY = 'CA';
export const SHIPPING_COUNTRY_NAME = 'Canada';
export const COUNTRY_NOT_SHIPPED = 'We only ship to Canada (CA).';

export const EXPRESS_SHIPPING_PRICE = 1999;

export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** How long each method takes once an order has shipped: checkout and the shipping page agree. */
export const SHIPPING_DELIVERY_TIMES: Record<ShippingMethod, string> = {
  standard: '3–7 business days',
  express: '1–2 business days',
};

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  standard: `Standard shipping (${SHIPPING_DELIVERY_TIMES.standard})`,
  express: `Express shipping (${SHIPPING_DELIVERY_TIMES.express})`,
};

/**
 * Shipping for goods worth `discountedSubtotal` (the subtotal after the discount): standard is
 * free from FREE_SHIPPING_THRESHOLD, express always costs EXPRESS_SHIPPING_PRICE.
 */
export function shippingPrice(method: ShippingMethod, discountedSubtotal: number): number {
  if (discountedSubtotal <= 0) return 0;
  if (method === 'express') return EXPRESS_SHIPPING_PRICE;
  return discountedSubtotal >= FREE_SHIPPING_THRESHOLD ? 0 : STANDARD_SHIPPING_PRICE;
}

/** One sales tax of a province, its rate in thousandths of a percent (9.975 % is 9975). */
interface TaxRule {
  name: 'GST' | 'HST' | 'PST' | 'QST' | 'RST';
  milliPercent: number;
}

export interface Province {
  code: string;
  name: string;
  taxes: readonly TaxRule[];
}

const GST: TaxRule = { name: 'GST', milliPercent: 5000 };
const hst = (percent: number): TaxRule => ({ name: 'HST', milliPercent: percent * 1000 });

/**
 * The 13 provinces and territories with the sales taxes charged on goods shipped there (rates in
 * force in 2026): HST where it replaces GST and the provincial tax, GST plus the provincial tax
 * (PST, QST, RST) where both are charged, GST alone in Alberta and the territories.
 */
export const PROVINCES: readonly Province[] = [
  { code: 'AB', name: 'Alberta', taxes: [GST] },
  { code: 'BC', name: 'British Columbia', taxes: [GST, { name: 'PST', milliPercent: 7000 }] },
  { code: 'MB', name: 'Manitoba', taxes: [GST, { name: 'RST', milliPercent: 7000 }] },
  { code: 'NB', name: 'New Brunswick', taxes: [hst(15)] },
  { code: 'NL', name: 'Newfoundland and Labrador', taxes: [hst(15)] },
  { code: 'NS', name: 'Nova Scotia', taxes: [hst(14)] },
  { code: 'NT', name: 'Northwest Territories', taxes: [GST] },
  { code: 'NU', name: 'Nunavut', taxes: [GST] },
  { code: 'ON', name: 'Ontario', taxes: [hst(13)] },
  { code: 'PE', name: 'Prince Edward Island', taxes: [hst(15)] },
  { code: 'QC', name: 'Quebec', taxes: [GST, { name: 'QST', milliPercent: 9975 }] },
  { code: 'SK', name: 'Saskatchewan', taxes: [GST, { name: 'PST', milliPercent: 6000 }] },
  { code: 'YT', name: 'Yukon', taxes: [GST] },
];

export const PROVINCE_CODES = PROVINCES.map((p) => p.code);

export function findProvince(code: string): Province | undefined {
  return PROVINCES.find((p) => p.code === code.trim().toUpperCase());
}

export interface TaxLine {
  /** e.g. "HST", "GST", "QST". */
  name: string;
  /** Percent, e.g. 13 or 9.975. */
  rate: number;
  /** In cents. */
  amount: number;
}

/**
 * The tax lines for goods and shipping worth `taxable` cents shipped to `provinceCode`. Shipping is
 * taxed like the goods it carries; each tax is rounded to the cent on its own.
 */
export function computeTaxes(provinceCode: string, taxable: number): TaxLine[] {
  const province = findProvince(provinceCode);
  if (!province) throw new Error(`Unknown province ${provinceCode}`);
  return province.taxes.map((tax) => ({
    name: tax.name,
    rate: tax.milliPercent / 1000,
    amount: Math.round((taxable * tax.milliPercent) / 100_000),
  }));
}

export interface OrderTotalsValue {
  itemCount: number;
  subtotal: number;
  discount: number;
  shipping: number;
  taxes: TaxLine[];
  total: number;
}

/** The totals of a quote or an order: discount, then shipping on what is left, then taxes on both. */
export function computeOrderTotals(input: {
  lines: readonly { quantity: number; unitPrice: number }[];
  percentOff: number;
  shippingMethod: ShippingMethod;
  province: string;
}): OrderTotalsValue {
  const itemCount = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discount = Math.round((subtotal * input.percentOff) / 100);
  const shipping = shippingPrice(input.shippingMethod, subtotal - discount);
  const taxes = computeTaxes(input.province, subtotal - discount + shipping);
  const tax = taxes.reduce((sum, line) => sum + line.amount, 0);
  return {
    itemCount,
    subtotal,
    discount,
    shipping,
    taxes,
    total: subtotal - discount + shipping + tax,
  };
}

/** A Canadian postal code: letter digit letter, digit letter digit (no D, F, I, O, Q, U; W and Z not first). */
const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/;
export const POSTAL_CODE_FORMAT = 'must be a Canadian postal code such as A1A 1A1';

/** `k1a0b1`, ` K1A  0B1 ` → `K1A 0B1`; null when it is not a Canadian postal code. */
export function canonicalPostalCode(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (!POSTAL_CODE.test(compact)) return null;
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

/**
 * The provinces a postal code's first letter (its postal district) belongs to. X serves both the
 * Northwest Territories and Nunavut; every other letter names one province.
 */
export const POSTAL_DISTRICT_PROVINCES: Readonly<Record<string, readonly string[]>> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

export const POSTAL_CODE_PROVINCE_MISMATCH = 'does not belong to the province chosen';

/**
 * Whether a postal code lies in a province: its first letter names the province (taxes follow
 * the address, so a code from another province must be corrected before a quote or an order).
 * Answers true when either is not recognised: the format checks say so on their own.
 */
export function postalCodeMatchesProvince(postalCode: string, provinceCode: string): boolean {
  const district = postalCode.trim().charAt(0).toUpperCase();
  const provinces = POSTAL_DISTRICT_PROVINCES[district];
  const province = findProvince(provinceCode);
  if (!provinces || !province) return true;
  return provinces.includes(province.code);
}

/** The sentence shown beside the postal code when it lies in another province. */
export function postalCodeMismatchMessage(postalCode: string, provinceCode: string): string {
  const provinces = POSTAL_DISTRICT_PROVINCES[postalCode.trim().charAt(0).toUpperCase()] ?? [];
  const names = provinces.map((code) => findProvince(code)?.name ?? code).join(' or ');
  const chosen = findProvince(provinceCode)?.name ?? provinceCode;
  return `Postal code ${postalCode.trim().toUpperCase()} is in ${names}, not ${chosen}. Check the postal code or the province.`;
}

/** Ten digits once spaces, dashes, dots, brackets and a leading +1 are taken away. */
export const PHONE_FORMAT = 'must be a 10-digit phone number such as 416-555-0123';
export function canonicalPhone(input: string): string | null {
  const digits = input.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, '');
  if (!/^[2-9]\d{9}$/.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const ADDRESS_LIMITS = { name: 100, line: 120, city: 80 } as const;

/** Order states and the moves between them; anything else is refused. */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What a move does besides setting the status, in the order the server applies them.
 * - `stamp_paid`: records when the order was paid; it no longer has a pay-by time.
 * - `close`: records when the order closed; it no longer has a pay-by time.
 * - `release_stock`: its reserved units go back on the shelf (the goods never left).
 * - `release_code`: its discount code is usable again (when unexpired and no other is live).
 * - `refund`: the payment is refunded in full once the move commits (a refund the provider
 *   cannot make then is owed and made by a job). A move to `refunded` has no such effect: it is
 *   made only when the provider confirms the whole payment refunded.
 * - `mail`: the shopper is e-mailed about the new status, once, when the move commits.
 */
export const ORDER_EFFECTS = [
  'stamp_paid',
  'close',
  'release_stock',
  'release_code',
  'refund',
  'mail',
] as const;
export type OrderEffect = (typeof ORDER_EFFECTS)[number];

/** Every move an order can make and its effects; any other move is refused. */
export const ORDER_TRANSITIONS: {
  readonly [From in OrderStatus]: { readonly [To in OrderStatus]?: readonly OrderEffect[] };
} = {
  pending_payment: {
    paid: ['stamp_paid', 'mail'],
    cancelled: ['close', 'release_stock', 'release_code', 'mail'],
  },
  paid: {
    processing: [],
    cancelled: ['close', 'release_stock', 'release_code', 'refund', 'mail'],
    refunded: ['close', 'release_stock', 'release_code', 'mail'],
  },
  processing: {
    shipped: ['mail'],
    refunded: ['close', 'release_stock', 'release_code', 'mail'],
  },
  shipped: { delivered: ['mail'] },
  delivered: {},
  cancelled: {},
  refunded: {},
};

/** The effects of moving from `from` to `to`, or null when the move is refused. */
export function transitionEffects(
  from: OrderStatus,
  to: OrderStatus,
): readonly OrderEffect[] | null {
  return ORDER_TRANSITIONS[from][to] ?? null;
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitionEffects(from, to) !== null;
}

/**
 * The order's groups of states, named once for the shop and the server alike.
 * - Paid: the money came in and the goods are owed (staff can refund it).
 * - Charged: the money came in at some point, refunded since included (the provider's payment
 *   succeeded; the invoice says how it was paid).
 * - Open: still on its way to the shopper (an account holding one cannot be deleted).
 */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = [
  'paid',
  'processing',
  'shipped',
  'delivered',
];
export const CHARGED_ORDER_STATUSES: readonly OrderStatus[] = [...PAID_ORDER_STATUSES, 'refunded'];
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
];

/** The shopper may cancel while the order waits for payment or is paid but not yet being packed. */
export const SHOPPER_CANCELLABLE: readonly OrderStatus[] = ['pending_payment', 'paid'];

/** An order left unpaid this long is cancelled and its stock and discount code released. */
export const ORDER_PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/**
 * Unpaid orders hold their stock for the whole payment window, so without a bound one account (or
 * one client address, with many accounts) could hold everything on the shelf and every other
 * shopper would find it sold out. A shopper rarely has more than one order awaiting payment; an
 * address is shared by a household or an office, so it may hold more.
 */
export const MAX_UNPAID_ORDERS_PER_ACCOUNT = 3;
export const MAX_UNPAID_ORDERS_PER_ADDRESS = 10;

/** Short order numbers as the shopper sees them: FN-10482. */
export const ORDER_NUMBER_PREFIX = 'FN-';
export const ORDER_NUMBER_START = 10001;
export function formatOrderNumber(sequence: number): string {
  return `${ORDER_NUMBER_PREFIX}${sequence}`;
}

export const TEST_PAYMENT_LABEL = 'Test payment — no card is charged';

/** What each test card does, in the order the payment form and the README name them. */
export const TEST_CARD_OUTCOMES: Record<keyof typeof TEST_CARDS, string> = {
  succeeds: 'pays',
  declined: 'is declined',
  insufficientFunds: 'is declined for insufficient funds',
  requiresAuthentication: 'asks for an authentication step',
};

/** A card number in groups of four, as printed on a card: `4242 4242 4242 4242`. */
export function groupCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
