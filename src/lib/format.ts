/**
 * Display formatting. Money is integer cents, CAD, shown as '$1,234.56' in English (en-CA) and
 * '1 234,56 $' in French (fr-CA); dates as 'November 26, 2026' and '26 novembre 2026'.
 */
import type { Locale } from '../../contract/locale.ts';

/** fr-CA's no-break space, before the percent sign. */
const NBSP = '\u00a0';

export { formatMoney } from '../../contract/money.ts';

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar date written out in the shopper's language: 'November 26, 2026', '26 novembre 2026'. */
export function formatDate(date: Date, locale: Locale = 'en-CA'): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}

export function formatPercent(value: number, locale: Locale = 'en-CA'): string {
  return locale === 'fr-CA' ? `${Math.round(value)}${NBSP}%` : `${Math.round(value)}%`;
}

/**
 * A field error as a sentence. The API's field errors are often fragments ("must be 3 or 4
 * digits"), written to follow a field's name in a list; beside the field they read as sentences
 * ("Must be 3 or 4 digits."). A message that starts with a capital is already written for the
 * shopper ("Full name is required") and is left exactly as it is.
 */
export function asSentence(message: string): string {
  const text = message.trim();
  const first = text[0];
  if (!first || first === first.toUpperCase()) return message;
  const capitalised = first.toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
