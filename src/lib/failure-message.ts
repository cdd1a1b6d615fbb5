/**
 * Why a request failed, in words the shopper can act on. Apart from the form hooks, so a page that
 * only shows a failed load or action (an order, a list of them) does not load the forms' code.
 */
import { ApiError } from './api-client.ts';

export const UNREACHABLE = 'We could not reach the shop. Check your connection and try again.';

export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return UNREACHABLE;
    if (error.status === 429)
      return error.message || 'Too many attempts. Please wait a moment and try again.';
    return error.message || fallback;
  }
  return fallback;
}
