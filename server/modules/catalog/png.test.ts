/**
 * The catalog's PNG encoder: whatever it writes, an independent decoder (pngjs) reads back to
 * exactly the pixels resvg drew — as a palette when the drawing has at most 256 colours, as RGB or
 * RGBA past that — and a product picture comes out well under resvg's own PNG.
 */
import { renderAsync } from '@resvg/resvg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderProductImage } from './images.ts';
import { encodePng, PALETTE_MAX } from './png.ts';

/** PNG's colour types, as IHDR names them (byte 25 of the file). */
const PALETTE = 3;
const RGB = 2;
const RGBA = 6;

async function draw(svg: string, width: number) {
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: width } });
  return { pixels: image.pixels, width: image.width, height: image.height, resvg: image.asPng() };
}

function decoded(png: Buffer): Buffer {
  return PNG.sync.read(png).data;
}

const square = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>`;

describe('encodePng', () => {
  it('writes a flat drawing as a palette, pixel for pixel, less than half resvg’s size', async () => {
    const art = {
      name: 'Gold Standard Whey Isolate',
      brandName: 'Summit Supplements',
      brandColor: '#1d4ed8',
      shape: 'tub' as const,
      flavors: [{ name: 'Vanilla', color: '#f3e3b5' }],
    };
    const image = await draw(renderProductImage(art, 1)!, 800);
    const png = await encodePng(image.pixels, image.width, image.height);
    expect(png[25]).toBe(PALETTE);
    expect(decoded(png).equals(decoded(image.resvg))).toBe(true);
    expect(png.length).toBeLessThan(image.resvg.length / 2);
  });

  it('keeps see-through pixels of a palette image (tRNS)', async () => {
    const image = await draw(square('<circle cx="32" cy="32" r="20" fill="#c33"/>'), 64);
    expect(image.pixels.some((byte, i) => i % 4 === 3 && byte > 0 && byte < 255)).toBe(true);
    const png = await encodePng(image.pixels, image.width, image.height);
    expect(png[25]).toBe(PALETTE);
    expect(decoded(png).equals(decoded(image.resvg))).toBe(true);
  });

  it('writes more than 256 opaque colours as RGB', async () => {
    const gradient = square(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient>' +
        '<linearGradient id="h" x2="0" y2="1"><stop offset="0" stop-color="#f00" stop-opacity="0"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>' +
        '<rect width="64" height="64" fill="url(#g)"/><rect width="64" height="64" fill="url(#h)"/>',
    );
    const image = await draw(gradient, 64);
    const png = await encodePng(image.pixels, image.width, image.height);
    expect(distinctColors(image.pixels)).toBeGreaterThan(PALETTE_MAX);
    expect(png[25]).toBe(RGB);
    expect(decoded(png).equals(decoded(image.resvg))).toBe(true);
  });

  it('writes more than 256 colours with see-through ones as RGBA', async () => {
    const fade = square(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#08f"/><stop offset="1" stop-color="#f80"/></linearGradient>' +
        '<linearGradient id="h" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#0a0"/></linearGradient></defs>' +
        '<rect width="64" height="64" fill="url(#g)" opacity="0.6"/><rect width="64" height="64" fill="url(#h)"/>',
    );
    const image = await draw(fade, 128);
    expect(image.pixels.some((byte, i) => i % 4 === 3 && byte < 255)).toBe(true);
    expect(distinctColors(image.pixels)).toBeGreaterThan(PALETTE_MAX);
    const png = await encodePng(image.pixels, image.width, image.height);
    expect(png[25]).toBe(RGBA);
    expect(decoded(png).equals(decoded(image.resvg))).toBe(true);
  });

  it('refuses pixels that do not fill the size given', async () => {
    await expect(encodePng(new Uint8Array(4 * 10), 3, 3)).rejects.toThrow(
      '40 bytes are not 3 × 3 RGBA pixels',
    );
  });
});

function distinctColors(pixels: Buffer): number {
  const colors = new Set<number>();
  for (let i = 0; i < pixels.length; i += 4) colors.add(pixels.readUInt32LE(i));
  return colors.size;
}
