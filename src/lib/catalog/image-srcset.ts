/**
 * The `srcset` of a catalog PNG image (its default width and each larger rendering the API makes
 * with `w`: 400w, 800w), so a large picture stays sharp on dense screens while cards keep the
 * small file. Undefined for any other image (an SVG, a foreign URL).
 */
import { IMAGE_WIDTHS } from '../../../contract/image-rules.ts';

const CATALOG_PNG = /^\/api\/v1\/images\/[^?]+\.png(\?|$)/;

export function imageSrcSet(url: string): string | undefined {
  if (!CATALOG_PNG.test(url)) return undefined;
  const separator = url.includes('?') ? '&' : '?';
  const [first, ...larger] = IMAGE_WIDTHS;
  return [
    `${url} ${first}w`,
    ...larger.map((width) => `${url}${separator}w=${width} ${width}w`),
  ].join(', ');
}
