/**
 * The plural form of a count in the shop's languages, the CLDR category its messages are written
 * for: English 'one' for 1, French 'one' when the whole part is 0 or 1, 'other' for the rest
 * (French's 'many', for exact millions, reads as 'other' in every message here).
 *
 * Written out rather than asked of Intl.PluralRules, which Lingui's `plural` does, along with an
 * Intl.NumberFormat for its `#`: the first Intl objects a page builds load locale data, a long task
 * on a slow phone, and counts are on a listing's first render (every card's rating, the number of
 * products found, a product's reviews). A message that counts on a first render chooses its form
 * with `select` on this instead, and writes the count with countText; unit tests check both against
 * Intl.
 */
import type { Locale } from '../../../contract/locale.ts';
import { groupDigits } from '../../../contract/money.ts';

export type PluralForm = 'one' | 'other';

export function pluralForm(count: number, locale: Locale): PluralForm {
  const size = Math.abs(count);
  const one = locale === 'fr-CA' ? Math.trunc(size) <= 1 : size === 1;
  return one ? 'one' : 'other';
}

/** A count (a whole number) as Lingui's `#` writes it: '1,234' in English, '1 234' in French. */
export function countText(count: number, locale: Locale): string {
  const text = groupDigits(Math.abs(Math.trunc(count)), locale);
  return count < 0 ? `-${text}` : text;
}
