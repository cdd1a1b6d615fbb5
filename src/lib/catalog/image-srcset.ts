/**
 * Catalog PNG images at the widths the API renders them (`w`: 200, 400 and 800 px; without `w`,
 * 400). `imageSrcSet` offers each, so a large picture stays sharp on dense screens while a small
 * one takes a small file; `smallImageUrl` names the 200 px rendering for a picture always shown
 * small. Any other image (an SVG, a foreign URL) is left as it is.
 */
import {
  DEFAULT_IMAGE_WIDTH,
  IMAGE_WIDTHS,
  SMALL_IMAGE_WIDTH,
} from '../../../contract/image-rules.ts';

const CATALOG_PNG = /^\/api\/v1\/images\/[^?]+\.png(\?|$)/;

/** The URL of `url`'s rendering at `width`: the default one is the URL itself. */
function atWidth(url: string, width: number): string {
  if (width === DEFAULT_IMAGE_WIDTH) return url;
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

export function imageSrcSet(url: string): string | undefined {
  if (!CATALOG_PNG.test(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${atWidth(url, width)} ${width}w`).join(', ');
}

/** For a picture shown at most 100 CSS pixels wide (a thumbnail, a cart or order line). */
export function smallImageUrl(url: string): string {
  return CATALOG_PNG.test(url) ? atWidth(url, SMALL_IMAGE_WIDTH) : url;
}
