/**
 * The web font (scripts/subset-fonts.ts): index.html preloads exactly the files fonts.css uses,
 * each file holds every character its `unicode-range` promises and the weights its `font-weight`
 * promises, and the range is the script's COVERAGE — so nothing the page needs is missing from a
 * subset, and no preload fetches a file the page does not use.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWoff2 } from '../../scripts/font-files.ts';
import { coverageOf, FONTS } from '../../scripts/subset-fonts.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (...parts: string[]) => readFileSync(path.join(root, ...parts), 'utf8');

interface FontFace {
  url: string;
  weights: [number, number];
  ranges: [number, number][];
}

function fontFaces(css: string): FontFace[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => {
    const url = /src:\s*url\('([^']+)'\)/.exec(body)?.[1] ?? '';
    const [, low = '', high = ''] = /font-weight:\s*(\d+)\s+(\d+);/.exec(body) ?? [];
    const range = /unicode-range:([^;]+);/.exec(body)?.[1] ?? '';
    const ranges = range.split(',').map((part): [number, number] => {
      const [from = '', to = from] = part.trim().replace('U+', '').split('-');
      return [parseInt(from, 16), parseInt(to, 16)];
    });
    return { url, weights: [Number(low), Number(high)], ranges };
  });
}

const faces = fontFaces(read('src', 'styles', 'fonts.css'));

describe('web fonts', () => {
  it('declares each subset over the script’s coverage and weights', () => {
    expect(faces.map((face) => face.url)).toEqual(FONTS.map((font) => `/fonts/${font.output}`));
    for (const [index, face] of faces.entries()) {
      const font = FONTS[index]!;
      expect(face.ranges).toEqual(coverageOf(font));
      const { min, max } = font.weights;
      expect(face.weights).toEqual([min, max]);
    }
  });

  it('preloads exactly the files fonts.css uses, as CORS font requests', () => {
    const links = [...read('index.html').matchAll(/<link[^>]*rel="preload"[^>]*>/g)].map(
      ([tag]) => tag,
    );
    expect(links.map((tag) => /href="([^"]+)"/.exec(tag)?.[1])).toEqual(
      faces.map((face) => face.url),
    );
    for (const tag of links) {
      expect(tag).toContain('as="font"');
      expect(tag).toContain('type="font/woff2"');
      expect(tag).toContain('crossorigin');
    }
  });

  it.each(faces)(
    '$url has a glyph for every character and the weights it promises',
    async (face) => {
      const font = await openWoff2(path.join(root, 'public', face.url));
      const missing = face.ranges
        .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))
        .filter((codePoint) => !font.hasGlyphForCodePoint(codePoint))
        .map((codePoint) => `U+${codePoint.toString(16).toUpperCase()}`);
      expect(missing).toEqual([]);
      const axis = font.variationAxes.wght;
      expect([axis?.min, axis?.max]).toEqual(face.weights);
    },
  );
});
