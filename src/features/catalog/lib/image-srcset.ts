/**
 * Exports: imageSrcSet(url) — the `srcset` of a catalog PNG image (its 400 px default and the
 * 800 px rendering the API makes with `w=800`), so a large picture stays sharp on dense screens
 * while cards keep the small file. Undefined for any other image (an SVG, a foreign URL).
 */
const CATALOG_PNG = /^\/api\/v1\/images\/[^?]+\.png(\?|$)/;

export function imageSrcSet(url: string): string | undefined {
  if (!CATALOG_PNG.test(url)) return undefined;
  const separator = url.includes('?') ? '&' : '?';
  return `${url} 400w, ${url}${separator}w=800 800w`;
}
