/**
 * A lossless PNG encoder for the rasterised catalog images, about half the size of resvg's own
 * PNG. The drawings are flat colours with anti-aliased edges — an 800-pixel product picture has
 * about 150 colours — so most of them fit a palette of at most 256 entries: one byte a pixel
 * instead of four. Those that do not are written as RGB (RGBA only if something is see-through),
 * each row filtered the way that leaves the smallest sum of differences, then deflated at level 9.
 * On a phone's slow link the product picture is what the shopper waits for, and halving it moves
 * its paint as much as anything else on the page does.
 */
import { crc32, deflate } from 'node:zlib';
import { promisify } from 'node:util';

const deflateAsync = promisify(deflate);

/** A palette holds at most this many colours (8 bits an index). */
export const PALETTE_MAX = 256;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const COLOR_TYPE = { rgb: 2, palette: 3, rgba: 6 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * The pixels as one number each (four bytes read at once, in the machine's byte order: on every
 * platform Node runs on, little-endian, so red is the low byte and alpha the high one).
 */
function pixelWords(rgba: Uint8Array): Uint32Array {
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : new Uint8Array(rgba);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
}

const red = (pixel: number) => pixel & 0xff;
const green = (pixel: number) => (pixel >>> 8) & 0xff;
const blue = (pixel: number) => (pixel >>> 16) & 0xff;
const alpha = (pixel: number) => pixel >>> 24;

/**
 * The image as rows of palette indices, each after its filter byte (none: indices do not predict
 * well), and its colours in order of first use — or null past PALETTE_MAX colours. Neighbouring
 * pixels mostly share a colour, so the last one's index is reused without a lookup.
 */
function indexed(
  rgba: Uint8Array,
  width: number,
  height: number,
): { rows: Buffer; colors: number[] } | null {
  const pixels = pixelWords(rgba);
  const indices = new Map<number, number>();
  const rows = Buffer.alloc(height * (width + 1));
  let lastColor = -1;
  let lastIndex = 0;
  let out = 0;
  for (let y = 0, i = 0; y < height; y++) {
    rows[out++] = 0;
    for (let x = 0; x < width; x++, i++) {
      const color = pixels[i]!;
      if (color === lastColor) {
        rows[out++] = lastIndex;
        continue;
      }
      let index = indices.get(color);
      if (index === undefined) {
        if (indices.size === PALETTE_MAX) return null;
        index = indices.size;
        indices.set(color, index);
      }
      lastColor = color;
      lastIndex = index;
      rows[out++] = index;
    }
  }
  return { rows, colors: [...indices.keys()] };
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/**
 * Rows of true-colour pixels (`channels` bytes each), each after the filter (of PNG's five) that
 * gives the smallest sum of its bytes read as signed: the usual heuristic for what deflates best.
 */
function filteredRows(pixels: Buffer, width: number, height: number, channels: number): Buffer {
  const stride = width * channels;
  const rows = Buffer.alloc(height * (stride + 1));
  const candidate = Buffer.alloc(stride);
  const best = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const above = row - stride;
    let bestFilter = 0;
    let bestCost = Infinity;
    for (let filter = 0; filter < 5; filter++) {
      let cost = 0;
      for (let x = 0; x < stride; x++) {
        const value = pixels[row + x]!;
        const left = x >= channels ? pixels[row + x - channels]! : 0;
        const up = y > 0 ? pixels[above + x]! : 0;
        const upLeft = y > 0 && x >= channels ? pixels[above + x - channels]! : 0;
        const predicted =
          filter === 0
            ? 0
            : filter === 1
              ? left
              : filter === 2
                ? up
                : filter === 3
                  ? (left + up) >> 1
                  : paeth(left, up, upLeft);
        const byte = (value - predicted) & 0xff;
        candidate[x] = byte;
        cost += byte < 128 ? byte : 256 - byte;
      }
      if (cost < bestCost) {
        bestCost = cost;
        bestFilter = filter;
        candidate.copy(best);
      }
    }
    const out = y * (stride + 1);
    rows[out] = bestFilter;
    best.copy(rows, out + 1);
  }
  return rows;
}

/**
 * PNG stores each colour whole, where resvg's pixels have it multiplied by its alpha: divided back
 * (rounded as resvg's own PNG writer does). Opaque pixels, nearly all of them, are left as they are.
 */
function demultiplied(premultiplied: Uint8Array): Uint8Array {
  let rgba: Uint8Array | null = null;
  for (let i = 3; i < premultiplied.length; i += 4) {
    const a = premultiplied[i]!;
    if (a === 0xff) continue;
    rgba ??= new Uint8Array(premultiplied);
    // Divided by alpha as a fraction, as resvg's writer does (not × 255 / alpha: the two round
    // differently at halves), so both files hold the same colours.
    const share = a / 0xff;
    for (let c = i - 3; c < i; c++) {
      rgba[c] = a === 0 ? 0 : Math.min(0xff, Math.floor(premultiplied[c]! / share + 0.5));
    }
  }
  return rgba ?? premultiplied;
}

/**
 * resvg's pixels (`premultiplied`: width × height, RGBA, each colour multiplied by its alpha) as a
 * PNG file.
 */
export async function encodePng(
  premultiplied: Uint8Array,
  width: number,
  height: number,
): Promise<Buffer> {
  if (premultiplied.length !== width * height * 4) {
    throw new Error(`${premultiplied.length} bytes are not ${width} × ${height} RGBA pixels`);
  }
  const rgba = demultiplied(premultiplied);
  const palette = indexed(rgba, width, height);
  const opaque = palette
    ? palette.colors.every((color) => alpha(color) === 0xff)
    : rgba.every((byte, i) => i % 4 !== 3 || byte === 0xff);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample (or per palette index)
  const parts: Buffer[] = [];
  let rows: Buffer;
  if (palette) {
    header[9] = COLOR_TYPE.palette;
    const { colors } = palette;
    const plte = Buffer.alloc(colors.length * 3);
    colors.forEach((color, i) => {
      plte[i * 3] = red(color);
      plte[i * 3 + 1] = green(color);
      plte[i * 3 + 2] = blue(color);
    });
    parts.push(chunk('PLTE', plte));
    if (!opaque) parts.push(chunk('tRNS', Buffer.from(colors.map(alpha))));
    rows = palette.rows;
  } else {
    const channels = opaque ? 3 : 4;
    header[9] = opaque ? COLOR_TYPE.rgb : COLOR_TYPE.rgba;
    let pixels = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.length);
    if (opaque) {
      pixels = Buffer.alloc(width * height * 3);
      for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
        pixels[o] = rgba[i]!;
        pixels[o + 1] = rgba[i + 1]!;
        pixels[o + 2] = rgba[i + 2]!;
      }
    }
    rows = filteredRows(pixels, width, height, channels);
  }
  const data = await deflateAsync(rows, { level: 9 });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...parts,
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
