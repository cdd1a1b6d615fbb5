/**
 * Why a request failed, in words the shopper can act on. Apart from the form hooks, so a page that
 * only shows a failed load or action (an order, a list of them) does not load the forms' code.
 *
 * Given the page's translator (`i18n`), the texts written here and the API client's own fallbacks
 * ("Request failed (500).") come in the page's language. A message the server wrote is shown as it
 * came on an English page, and as its code's meaning on a French one. Without a translator, all
 * stays English.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_LOCALE } from '../../contract/locale.ts';
import { ApiError } from './api-client.ts';
import { ERROR_CODE_TEXT } from './error-code-text.ts';

export const UNREACHABLE = 'We could not reach the shop. Check your connection and try again.';
const UNREACHABLE_TEXT = msg`We could not reach the shop. Check your connection and try again.`;

/** UNREACHABLE in the page's language (English without a translator). */
export function unreachableMessage(i18n?: I18n): string {
  return i18n ? i18n._(UNREACHABLE_TEXT) : UNREACHABLE;
}

export function failureMessage(error: unknown, fallback: string, i18n?: I18n): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return unreachableMessage(i18n);
    if (error.status === 429)
      return (
        apiErrorText(error, i18n) ||
        (i18n
          ? i18n._(msg`Too many attempts. Please wait a moment and try again.`)
          : 'Too many attempts. Please wait a moment and try again.')
      );
    return apiErrorText(error, i18n) || fallback;
  }
  return fallback;
}

/**
 * What an API error says, in the page's language: the server's own message (or `english`, a more
 * precise English text such as a field's error) on an English page; on a page in another language,
 * a server error says its code's meaning (error-code-text.ts), since the server writes English, and
 * the API client's own fallback ("Request failed (500).") is translated. Without a translator, all
 * stays English.
 */
export function apiErrorText(error: ApiError, i18n?: I18n, english = error.message): string {
  const status = error.status;
  if (i18n && i18n.locale !== DEFAULT_LOCALE && error.fromServer && error.code)
    return i18n._(ERROR_CODE_TEXT[error.code]);
  if (i18n && !error.fromServer && error.message === `Request failed (${status}).`)
    return i18n._(msg`Request failed (${status}).`);
  return english;
}
