/**
 * Dates as the shop writes them: 'November 26, 2026' in English (en-CA), '26 novembre 2026' in
 * French (fr-CA).
 */
import type { Locale } from '../../contract/locale.ts';

/**
 * Month names as the shop writes dates. Dates are written out here rather than by
 * Intl.DateTimeFormat: the first Intl object a page builds loads its locale's data (and a time
 * zone's), a long task of 50–90 ms on a slow phone when a product page's reviews hydrate. Unit
 * tests check every form against Intl.
 */
const MONTH_NAMES: Record<Locale, readonly string[]> = {
  'en-CA': [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  'fr-CA': [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
};

/** A day of the calendar; `month` counts from 0, as Date's does. */
interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function writtenDay({ year, month, day }: CalendarDay, locale: Locale): string {
  const name = MONTH_NAMES[locale][month]!;
  return locale === 'fr-CA' ? `${day} ${name} ${year}` : `${name} ${day}, ${year}`;
}

/** A calendar date written out in the shopper's language: 'November 26, 2026', '26 novembre 2026'. */
export function formatDate(date: Date, locale: Locale = 'en-CA'): string {
  return writtenDay(
    { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() },
    locale,
  );
}

const HOUR_MS = 60 * 60 * 1000;

/** The day of the month of a month's `nth` Sunday (`month` from 0), in the UTC calendar. */
function nthSunday(year: number, month: number, nth: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + 7 * (nth - 1);
}

/**
 * The day an instant falls on by the shop's clock (Toronto: UTC−5, and UTC−4 from 2:00 on the
 * second Sunday of March to 2:00 on the first Sunday of November, Canada's rule since 2007).
 */
function shopDay(date: Date): CalendarDay {
  const year = date.getUTCFullYear();
  const summerStarts = Date.UTC(year, 2, nthSunday(year, 2, 2), 2 + 5);
  const summerEnds = Date.UTC(year, 10, nthSunday(year, 10, 1), 2 + 4);
  const time = date.getTime();
  const offsetHours = time >= summerStarts && time < summerEnds ? -4 : -5;
  const local = new Date(time + offsetHours * HOUR_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth(), day: local.getUTCDate() };
}

/**
 * A calendar date by the shop's clock rather than the device's, written out as formatDate writes
 * it: for text the server renders, which the browser must then render the same wherever the
 * shopper is.
 */
export function formatShopDate(date: Date, locale: Locale = 'en-CA'): string {
  return writtenDay(shopDay(date), locale);
}
