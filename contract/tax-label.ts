/**
 * A tax line's label as the shop writes it on its pages and in its mails and invoices: "HST (13%)",
 * in French "TVH (13 %)".
 */
import type { TaxLine } from './checkout-rules.ts';
import type { Locale } from './locale.ts';

/** Canada's sales taxes as French names them (TPS, TVH, TVQ…). */
const FRENCH_TAX_NAMES: Record<string, string> = {
  GST: 'TPS',
  HST: 'TVH',
  QST: 'TVQ',
  PST: 'TVP',
  RST: 'TVD',
};

/** 13 → "13%", 9.975 → "9.975%"; in French "13 %", "9,975 %". */
function formatRate(rate: number, locale: Locale = 'en-CA'): string {
  const value = String(Number(rate.toFixed(3)));
  return locale === 'fr-CA' ? `${value.replace('.', ',')}\u00a0%` : `${value}%`;
}

/** A tax's name in the page's language: "HST", in French "TVH". */
function taxName(name: string, locale: Locale = 'en-CA'): string {
  return locale === 'fr-CA' ? (FRENCH_TAX_NAMES[name] ?? name) : name;
}

/** "HST (13%)", "QST (9.975%)"; in French "TVH (13 %)", "TVQ (9,975 %)". */
export function taxLabel(tax: Pick<TaxLine, 'name' | 'rate'>, locale: Locale = 'en-CA'): string {
  return `${taxName(tax.name, locale)} (${formatRate(tax.rate, locale)})`;
}
