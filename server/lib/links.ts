/**
 * Links the shop puts in e-mail. Every one starts at the configured public origin
 * (`config.publicOrigin`), never at a request's Host or X-Forwarded-Host: those are chosen by
 * whoever sends the request, and a reset link pointing at their site would hand them the token.
 * A French mail's links open the French pages (`/fr/order-link/…`).
 */
import { DEFAULT_LOCALE, pathInLocale, type Locale } from '../../contract/locale.ts';
import { WRITE_REVIEW_ANCHOR } from '../../contract/review-rules.ts';

export function shopLinks(publicOrigin: string, locale: Locale = DEFAULT_LOCALE) {
  const link = (path: string) => {
    const [pathname = '/', ...rest] = path.split(/(?=[?#])/);
    return new URL(
      `${pathInLocale(pathname, locale)}${rest.join('')}`,
      `${publicOrigin}/`,
    ).toString();
  };
  return {
    resetPassword: (token: string) => link(`/reset-password/${encodeURIComponent(token)}`),
    order: (orderId: string) => link(`/order/${encodeURIComponent(orderId)}`),
    /** An order's page opened by its secret link, without signing in (orders/links.ts). */
    orderLink: (token: string) => link(`/order-link/${encodeURIComponent(token)}`),
    /** Confirms, with a button, that a guest's orders join the account of its address. */
    joinOrders: (token: string) => link(`/join-orders/${encodeURIComponent(token)}`),
    /** The profile page, which posts the token to /user/profile/email/confirm. */
    confirmEmail: (token: string) => link(`/profile/me?confirmEmail=${encodeURIComponent(token)}`),
    /** A product's page with one variant chosen, as the page reads its flavor and size. */
    product: (slug: string, variant: { flavor: string; size: string }) =>
      link(`/product/${encodeURIComponent(slug)}?${new URLSearchParams(variant).toString()}`),
    /** The product page at its review form, which scrolls into view and takes the focus. */
    productReview: (slug: string) =>
      link(`/product/${encodeURIComponent(slug)}#${WRITE_REVIEW_ANCHOR}`),
    /** The page whose button ends a back-in-stock alert (POSTs the token; never on load). */
    stockAlertUnsubscribe: (token: string) =>
      link(`/stock-alerts/unsubscribe/${encodeURIComponent(token)}`),
  };
}

export type ShopLinks = ReturnType<typeof shopLinks>;
