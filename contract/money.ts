/**
 * Money as the shop writes it, on its pages and in its mails and invoices: integer cents, CAD,
 * '$1,234.56' in English (en-CA) and '1 234,56 $' in French (fr-CA).
 */
import type { Locale } from './locale.ts';

/** fr-CA's separators: a no-break space between groups and before the dollar sign. */
const NBSP = '\u00a0';

/**
 * Written out rather than through Intl.NumberFormat: the first Intl formatter a page builds loads
 * locale data, a long task on a slow phone, and prices are on almost every page's first paint.
 * The output is the same as en-CA's CAD currency format (a unit test checks them side by side).
 */
export function formatMoney(cents: number, locale: Locale = 'en-CA'): string {
  const whole = Math.round(Math.abs(cents));
  const french = locale === 'fr-CA';
  const dollars = groupDigits(Math.floor(whole / 100), locale);
  const rest = String(whole % 100).padStart(2, '0');
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return french ? `${sign}${dollars},${rest}${NBSP}$` : `${sign}$${dollars}.${rest}`;
}

/**
 * A whole number not below zero with its digit groups separated as the locale writes them:
 * '12,345' in English, '12 345' (a no-break space) in French — what Intl.NumberFormat gives,
 * without building one.
 */
export function groupDigits(whole: number, locale: Locale): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'fr-CA' ? NBSP : ',');
}
