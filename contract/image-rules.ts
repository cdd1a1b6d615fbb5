/**
 * The widths the API renders catalog PNG images at, as plain values without a schema library: the
 * PWA's pages import them (for `srcset`), and importing `./catalog.ts` would bring the full zod
 * with its schemas into those pages. `./catalog.ts` builds the `w` query's schema from them.
 */

/** The width a PNG image is rendered at without `w`: a product card's picture. */
export const DEFAULT_IMAGE_WIDTH = 400;

/**
 * For pictures shown at most 100 CSS pixels wide (gallery thumbnails, cart and order lines, search
 * suggestions): sharp on a screen of twice the density, at about a third of the default's bytes.
 */
export const SMALL_IMAGE_WIDTH = 200;

/** Every width a PNG image is rendered at (`w`), smallest first. */
export const IMAGE_WIDTHS = [SMALL_IMAGE_WIDTH, DEFAULT_IMAGE_WIDTH, 800] as const;
