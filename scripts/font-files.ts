/**
 * The full variable fonts the shop's fonts are made from (Fontsource Latin builds of Inter and
 * Oswald, SIL OFL 1.1, in scripts/fonts), and a reader for any WOFF2 file — used by
 * subset-fonts.ts, text-outlines.ts and the fonts test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { decompress } from 'wawoff2';

export const FONT_SOURCES = {
  inter: path.join(import.meta.dirname, 'fonts', 'inter-latin-wght.woff2'),
  oswald: path.join(import.meta.dirname, 'fonts', 'oswald-latin-wght.woff2'),
} as const;

export type FontName = keyof typeof FONT_SOURCES;

/** A WOFF2 file as a fontkit font (fontkit's own WOFF2 reader loses the cmap of a variation). */
export async function openWoff2(file: string): Promise<fontkit.Font> {
  const font = fontkit.create(Buffer.from(await decompress(readFileSync(file))));
  if (!('getVariation' in font)) throw new Error(`${file} holds a collection`);
  return font;
}
