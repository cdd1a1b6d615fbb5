/**
 * PNG versions of the generated SVG images, rendered by resvg (in the thread pool, so the event
 * loop keeps serving) with the machine's fonts and written by png.ts, half the size of resvg's own. A rendered image is kept in memory under its kind,
 * slug, number, width and version — the version changes with what is drawn, so a kept image is
 * never stale — up to RASTER_CACHE_ENTRIES, the least recently used dropped first. Browsers and
 * the service worker cache the versioned URLs for a year besides.
 */
import { renderAsync } from '@resvg/resvg-js';
import { encodePng } from './png.ts';

/** At most this many PNGs are kept (about 5–15 KB each). */
export const RASTER_CACHE_ENTRIES = 600;

const cache = new Map<string, Promise<Buffer>>();

/** The PNG of `svg` at `width` pixels wide; `key` names the drawing and its version. */
export function rasterize(key: string, svg: string, width: number): Promise<Buffer> {
  const id = `${key}@${width}`;
  const kept = cache.get(id);
  if (kept) {
    // Most recently used last, so the oldest is first in line to go.
    cache.delete(id);
    cache.set(id, kept);
    return kept;
  }
  const rendered = renderAsync(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: true, defaultFontFamily: 'Liberation Sans' },
  }).then((image) => encodePng(image.pixels, image.width, image.height));
  cache.set(id, rendered);
  // A failed render is not kept: the next request tries again.
  rendered.catch(() => cache.delete(id));
  while (cache.size > RASTER_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return rendered;
}
