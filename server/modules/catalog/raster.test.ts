/**
 * The PNG renderer reads only the images' own font faces, and draws exactly what reading every
 * font on the machine draws.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { renderProductImage } from './images.ts';
import { findFontFiles, IMAGE_FONT_FAMILY, rasterize } from './raster.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A font tree: `files` are paths under a new temporary root. */
function fontTree(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'fonts-'));
  made.push(root);
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '');
  }
  return root;
}

describe('findFontFiles', () => {
  it('finds the regular and bold faces anywhere under the roots, regular first', () => {
    const first = fontTree([
      'truetype/dejavu/DejaVuSans.ttf',
      'truetype/liberation/LiberationSans-Bold.ttf',
    ]);
    const second = fontTree(['LiberationSans-Regular.ttf', 'LiberationSans-Italic.ttf']);
    expect(findFontFiles([join(first, 'missing'), first, second])).toEqual([
      join(second, 'LiberationSans-Regular.ttf'),
      join(first, 'truetype/liberation/LiberationSans-Bold.ttf'),
    ]);
  });

  it('is null unless both faces are there', () => {
    const root = fontTree([
      'truetype/liberation/LiberationSans-Regular.ttf',
      'LiberationSansNarrow-Bold.ttf',
    ]);
    expect(findFontFiles([root])).toBeNull();
    expect(findFontFiles([join(root, 'missing')])).toBeNull();
  });
});

describe('rasterize', () => {
  const art = {
    name: 'Gold Standard 100% Whey',
    brandName: 'Optimum Nutrition',
    brandColor: '#1f3b73',
    shape: 'tub' as const,
    flavors: [{ name: 'Double Rich Chocolate', color: '#5b3a29' }],
  };

  async function pixels(options: Parameters<typeof renderAsync>[1]) {
    return (await renderAsync(renderProductImage(art, 1)!, options)).pixels;
  }

  it('draws, with only the two faces read, what every font on the machine draws', async () => {
    // The machine has the faces: the CI and browser tests install them with Chromium.
    expect(findFontFiles()).toHaveLength(2);
    const png = await rasterize('products/test/1?v=1', renderProductImage(art, 1)!, 400);
    const drawn = PNG.sync.read(png).data;
    const fitTo = { mode: 'width', value: 400 } as const;
    const everyFont = await pixels({
      fitTo,
      font: { loadSystemFonts: true, defaultFontFamily: IMAGE_FONT_FAMILY },
    });
    expect(drawn.equals(everyFont)).toBe(true);
    // The picture has text: without any font it comes out otherwise.
    const noFont = await pixels({ fitTo, font: { loadSystemFonts: false } });
    expect(drawn.equals(noFont)).toBe(false);
  });
});
