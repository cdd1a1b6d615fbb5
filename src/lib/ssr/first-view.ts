/**
 * The first view's main element: the page's main picture (a product's first picture, a listing's
 * first card) or, on a page without one, its main text (the home page's hero). The server renders
 * it with `elementtiming` set to FIRST_VIEW, and the script that starts the app waits until the
 * browser reports it painted (scripts/vite/route-preload.ts), so the app's download does not slow
 * the picture down. One per page: the script takes the first.
 */
export const FIRST_VIEW = 'first-view';

/** Props that mark an element as the first view's main element (React passes it through as is). */
export const FIRST_VIEW_MARK: Record<string, string> = { elementtiming: FIRST_VIEW };

/**
 * The `<html>` data attribute (`data-cart-empty`) the start script sets on a device that holds no
 * cart: no account signed in and no guest cart (scripts/vite/route-preload.ts). The cart page's
 * HTML carries both its loading state and its empty cart, and this mark picks the empty cart, so a
 * first visit's cart page shows its content before the app runs.
 */
export const CART_EMPTY_MARK = 'cartEmpty';
