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
