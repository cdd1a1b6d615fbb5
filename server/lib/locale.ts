/**
 * The language a request is answered in: the catalog's texts, and what the server writes to the
 * shopper beyond the page (mails, the invoice). The PWA sends its document's language as
 * `Accept-Language`; another client sends its browser's, or none, or names one with `?locale=`.
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, preferredLocale, type Locale } from '../../contract/locale.ts';

/**
 * The shop's language the request asks for — its `locale` parameter, else its `Accept-Language` —
 * or undefined when it names neither language.
 */
export function askedLocale(request: FastifyRequest): Locale | undefined {
  const query = request.url.indexOf('?');
  if (query >= 0) {
    const named = new URLSearchParams(request.url.slice(query + 1)).get('locale');
    if (isLocale(named)) return named;
  }
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

/**
 * A text the API writes for the shopper to read (an answer's `message`) in the request's language:
 * `saidTo(request)('Done.', 'C’est fait.')`. The English is the shop's own wording and never
 * changes; a client that names no language reads it.
 */
export function saidTo(request: FastifyRequest): <T>(en: T, fr: T) => T {
  return inLocale(requestLocale(request));
}
