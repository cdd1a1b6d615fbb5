/**
 * Display formatting. Money is integer cents, CAD, shown as '$1,234.56' in English (en-CA) and
 * '1 234,56 $' in French (fr-CA). Dates are in dates.ts, which fewer pages load.
 */
import type { Locale } from '../../contract/locale.ts';

/** fr-CA's no-break space, before the percent sign. */
const NBSP = '\u00a0';

export { formatMoney } from '../../contract/money.ts';

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
