/**
 * The widths the API renders catalog PNG images at, as plain values without a schema library: the
 * PWA's pages import them (for `srcset`), and importing `./catalog.ts` would bring the full zod
 * with its schemas into those pages. `./catalog.ts` builds the `w` query's schema from them.
 */

/** The widths a PNG image is rendered at (`w`); the default, without `w`, is the first. */
export const IMAGE_WIDTHS = [400, 800] as const;
