/**
 * PNG versions of the generated SVG images, rendered by resvg (in the thread pool, so the event
 * loop keeps serving) and written by png.ts, half the size of resvg's own. A rendered image is kept
 * in memory under its kind, slug, number, width and version — the version changes with what is
 * drawn, so a kept image is never stale — up to RASTER_CACHE_ENTRIES, the least recently used
 * dropped first. Browsers and the service worker cache the versioned URLs for a year besides.
 *
 * The text is drawn in Liberation Sans. resvg reads its fonts anew for every render, and reading
 * every font on the machine costs more than drawing a small picture (7.5 ms against 2.1 for a
 * 200 px one with only the two faces read), so the renders read only Liberation Sans's regular
 * and bold faces when the machine has them (findFontFiles), and all its fonts otherwise.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { encodePng } from './png.ts';

/** At most this many PNGs are kept (about 5–15 KB each). */
export const RASTER_CACHE_ENTRIES = 600;

/** The family the images' text is drawn in, and the faces of it they use (regular and bold). */
export const IMAGE_FONT_FAMILY = 'Liberation Sans';
const IMAGE_FONT_FACES = ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf'];

/** Where Linux distributions install fonts. */
const FONT_ROOTS = ['/usr/share/fonts', '/usr/local/share/fonts'];

/** The paths of the images' font faces under `roots`, or null unless every face is there. */
export function findFontFiles(roots: readonly string[] = FONT_ROOTS): string[] | null {
  const found = new Map<string, string>();
  for (const root of roots) {
    let entries: string[];
    try {
      entries = readdirSync(root, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const name = basename(entry);
      if (IMAGE_FONT_FACES.includes(name) && !found.has(name)) found.set(name, join(root, entry));
    }
  }
  return IMAGE_FONT_FACES.every((face) => found.has(face))
    ? IMAGE_FONT_FACES.map((face) => found.get(face)!)
    : null;
}

let fontOptions: ResvgRenderOptions['font'] | undefined;

/** What resvg is told of fonts, worked out once. */
function fonts(): ResvgRenderOptions['font'] {
  if (!fontOptions) {
    const files = findFontFiles();
    fontOptions = files
      ? { loadSystemFonts: false, fontFiles: files, defaultFontFamily: IMAGE_FONT_FAMILY }
      : { loadSystemFonts: true, defaultFontFamily: IMAGE_FONT_FAMILY };
  }
  return fontOptions;
}

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
  const rendered = renderAsync(svg, { fitTo: { mode: 'width', value: width }, font: fonts() }).then(
    (image) => encodePng(image.pixels, image.width, image.height),
  );
  cache.set(id, rendered);
  // A failed render is not kept: the next request tries again.
  rendered.catch(() => cache.delete(id));
  while (cache.size > RASTER_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return rendered;
}
