/**
 * The language a request is answered in, for what the server writes to the shopper beyond the
 * page (mails, the invoice). The PWA sends its document's language as `Accept-Language`; another
 * client sends its browser's, or none.
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, preferredLocale, type Locale } from '../../contract/locale.ts';

/** The shop's language the request prefers, or undefined when it names neither. */
export function askedLocale(request: FastifyRequest): Locale | undefined {
  return preferredLocale(request.headers['accept-language']);
}

/** The shop's language the request prefers, English when it names neither. */
export function requestLocale(request: FastifyRequest): Locale {
  return askedLocale(request) ?? DEFAULT_LOCALE;
}

/**
 * A text in either language, picked by `locale`: the English and the French side by side where
 * they are written (`inLocale(locale)('Subtotal', 'Sous-total')`).
 */
export function inLocale(locale: Locale): <T>(en: T, fr: T) => T {
  return (en, fr) => (locale === 'fr-CA' ? fr : en);
}
