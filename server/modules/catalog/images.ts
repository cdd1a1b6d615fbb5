/**
 * Generated catalog images: small SVG packshots for products and tiles for categories, brands
 * and flavors. Every URL carries a version derived from what the picture shows, so the image can
 * be cached forever and a change of name or colour yields a new URL. The catalog hands out PNG
 * URLs (`1.png`, rasterised on the server from the SVG): an SVG image is a document of its own
 * that the browser parses, lays out (text, with font lookups) and paints on the page's main
 * thread, a PNG is decoded off it — on a phone's listing of 16 cards that was most of the work
 * after the page's data arrived. The SVG stays available under `1.svg`.
 */
import { createHash } from 'node:crypto';

/** Bump when the drawing itself changes, so every URL changes with it. */
const RENDERER_VERSION = '1';
const IMAGE_BASE = '/api/v1/images';

/** The format of the image URLs the catalog stores and returns. */
export const CATALOG_IMAGE_EXTENSION = 'png';

export type ImageKind = 'products' | 'categories' | 'brands' | 'flavors';
export type PackShape = 'tub' | 'bottle' | 'can' | 'bar';

export interface ProductArt {
  name: string;
  brandName: string;
  brandColor: string;
  shape: PackShape;
  /** One packshot per flavor, then one back-of-pack image. */
  flavors: { name: string; color: string }[];
}

export interface TileArt {
  name: string;
  color: string;
}

/** The packs a category tile shows: a few of its products, in their brand and flavor colours. */
export interface CategoryArt extends TileArt {
  shape: PackShape;
  packs: { brandColor: string; flavorColor: string }[];
}

/**
 * How many of its products a category tile draws: its oldest active ones (by creation time, then
 * id in byte order), so the picture, and with it the image URL's version, stays the same as
 * products sell and get reviewed. Each is drawn in its brand colour with its first flavor's label.
 */
export const CATEGORY_TILE_PACKS = 3;

export function categoryArt(
  category: { slug: string; name: string },
  packs: CategoryArt['packs'],
): CategoryArt {
  return {
    name: category.name,
    color: categoryColor(category.slug),
    shape: packShapeFor([category.slug]),
    packs: packs.slice(0, CATEGORY_TILE_PACKS),
  };
}

/**
 * The pack of a product by category, checked in this order so the answer does not depend on the
 * order of the product's categories (collagen is a powder even when it is also joint health).
 */
const SHAPE_BY_CATEGORY: [string, PackShape][] = [
  ['collagen', 'tub'],
  ['energy-drink', 'can'],
  ['protein-bars', 'bar'],
  ['joint-health', 'bottle'],
  ['fat-burner', 'bottle'],
  ['vitamins', 'bottle'],
  ['multivitamins', 'bottle'],
  ['omega-3', 'bottle'],
  ['testosterone-support', 'bottle'],
  ['sleep-support', 'bottle'],
  ['digestive-health', 'bottle'],
  ['nootropics', 'bottle'],
];

export function packShapeFor(categorySlugs: readonly string[]): PackShape {
  const found = SHAPE_BY_CATEGORY.find(([slug]) => categorySlugs.includes(slug));
  return found ? found[1] : 'tub';
}

/** Flavors in the order their packshots are numbered (by slug: stable in JS and SQL alike). */
export function orderArtFlavors<T extends { slug: string }>(flavors: readonly T[]): T[] {
  return [...flavors].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

export function imageVersion(art: ProductArt | TileArt | CategoryArt): string {
  return createHash('sha1')
    .update(RENDERER_VERSION)
    .update(JSON.stringify(art))
    .digest('base64url')
    .slice(0, 10);
}

export function productImageCount(art: ProductArt): number {
  return art.flavors.length + 1;
}

/**
 * The packshot of one flavor among a product's stored images, which hold one packshot per active
 * flavor in `orderArtFlavors` order and then the back of the pack. Images that do not follow that
 * numbering (another count) give their first image instead; null when there are none.
 */
export function flavorPackshot(
  images: readonly string[],
  flavorSlugs: readonly string[],
  flavorSlug: string,
): string | null {
  const ordered = orderArtFlavors(flavorSlugs.map((slug) => ({ slug })));
  const index = ordered.findIndex((flavor) => flavor.slug === flavorSlug);
  if (images.length === ordered.length + 1 && index >= 0) return images[index]!;
  return images[0] ?? null;
}

export function productImageUrls(slug: string, art: ProductArt): string[] {
  const version = imageVersion(art);
  return Array.from(
    { length: productImageCount(art) },
    (_, i) =>
      `${IMAGE_BASE}/products/${encodeURIComponent(slug)}/${i + 1}.${CATALOG_IMAGE_EXTENSION}?v=${version}`,
  );
}

export function tileImageUrl(
  kind: Exclude<ImageKind, 'products'>,
  slug: string,
  art: TileArt,
  n = 1,
) {
  return `${IMAGE_BASE}/${kind}/${encodeURIComponent(slug)}/${n}.${CATALOG_IMAGE_EXTENSION}?v=${imageVersion(art)}`;
}

/** Number of images a flavor has: a swatch (1) and two serving shots (2, 3). */
export const FLAVOR_IMAGE_COUNT = 3;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  );

/** Splits text into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

/** Black or white, whichever reads better on the given background. */
function inkOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#111111' : '#ffffff';
}

function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 255;
    const next = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(next).toString(16).padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function textLines(lines: string[], x: number, y: number, size: number, fill: string, bold = true) {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * size * 1.15}" font-size="${size}"${
          bold ? ' font-weight="700"' : ''
        } fill="${fill}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
}

function svg(title: string, body: string, background: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" ` +
    `role="img" font-family="Helvetica,Arial,sans-serif"><title>${escapeXml(title)}</title>` +
    `<rect width="400" height="400" fill="${background}"/>${body}</svg>`
  );
}

/** The pack outline and its label area for each shape, drawn around the label at (x, y, w, h). */
function pack(shape: PackShape, brandColor: string, bodyColor: string) {
  const dark = shade(brandColor, -0.35);
  switch (shape) {
    case 'bottle':
      return {
        outline:
          `<rect x="170" y="62" width="60" height="34" rx="6" fill="${dark}"/>` +
          `<rect x="128" y="92" width="144" height="256" rx="30" fill="${bodyColor}"/>`,
        label: { x: 128, y: 150, w: 144, h: 150 },
      };
    case 'can':
      return {
        outline:
          `<rect x="138" y="52" width="124" height="300" rx="18" fill="${bodyColor}"/>` +
          `<rect x="146" y="46" width="108" height="14" rx="6" fill="#b8bec6"/>`,
        label: { x: 138, y: 120, w: 124, h: 170 },
      };
    case 'bar':
      return {
        outline: `<path d="M40 150 L60 140 L340 140 L360 150 L360 250 L340 260 L60 260 L40 250 Z" fill="${bodyColor}"/>`,
        label: { x: 80, y: 150, w: 240, h: 100 },
      };
    default:
      return {
        outline:
          `<rect x="100" y="70" width="200" height="40" rx="8" fill="${dark}"/>` +
          `<path d="M104 110 H296 L286 340 Q284 350 274 350 H126 Q116 350 114 340 Z" fill="${bodyColor}"/>`,
        label: { x: 112, y: 150, w: 176, h: 150 },
      };
  }
}

/**
 * Image `n` of a product: packshots 1..k (one per flavor), then the back of the pack.
 * Null when the product has no such image.
 */
export function renderProductImage(art: ProductArt, n: number): string | null {
  const count = productImageCount(art);
  if (!Number.isInteger(n) || n < 1 || n > count) return null;
  const isBack = n === count;
  const flavor = art.flavors[isBack ? 0 : n - 1] ?? { name: 'Unflavored', color: '#d9d4c7' };
  const body = shade(art.brandColor, -0.1);
  const { outline, label } = pack(art.shape, art.brandColor, body);
  const cx = label.x + label.w / 2;
  const ink = inkOn(flavor.color);
  const narrow = art.shape === 'bottle' || art.shape === 'can';
  const nameLines = wrap(art.name, narrow ? 12 : art.shape === 'bar' ? 26 : 15, 3);
  const title = isBack
    ? `${art.brandName} ${art.name} — nutrition label`
    : `${art.brandName} ${art.name} — ${flavor.name}`;
  let labelBody: string;
  if (isBack) {
    const rowCount = Math.max(1, Math.min(5, Math.floor((label.h - 60) / 20)));
    const rows = Array.from({ length: rowCount }, (_, i) => i)
      .map(
        (i) =>
          `<rect x="${label.x + 14}" y="${label.y + 40 + i * 20}" width="${label.w - 28}" height="2" fill="${ink}" opacity="0.6"/>`,
      )
      .join('');
    labelBody =
      textLines(['Nutrition Facts'], cx, label.y + 26, 15, ink) +
      rows +
      textLines([art.brandName], cx, label.y + label.h - 10, 11, ink, false);
  } else {
    const nameSize = narrow ? 15 : 18;
    labelBody =
      textLines([art.brandName.toUpperCase()], cx, label.y + 22, 11, ink, false) +
      textLines(nameLines, cx, label.y + 50, nameSize, ink) +
      `<rect x="${label.x + 10}" y="${label.y + label.h - 34}" width="${label.w - 20}" height="24" rx="12" fill="${shade(flavor.color, -0.25)}"/>` +
      textLines(
        wrap(flavor.name, narrow ? 16 : 22, 1),
        cx,
        label.y + label.h - 17,
        11,
        inkOn(shade(flavor.color, -0.25)),
      );
  }
  const background = shade(flavor.color, 0.82);
  return svg(
    title,
    `<ellipse cx="200" cy="356" rx="130" ry="12" fill="#000000" opacity="0.12"/>` +
      outline +
      `<rect x="${label.x}" y="${label.y}" width="${label.w}" height="${label.h}" fill="${flavor.color}"/>` +
      labelBody,
    background,
  );
}

/** A brand or flavor tile; flavors have a swatch (1) and serving shots (2, 3). */
export function renderTileImage(kind: 'brands' | 'flavors', art: TileArt, n: number) {
  const ink = inkOn(art.color);
  const lines = wrap(art.name, 16, 3);
  if (kind === 'flavors') {
    if (!Number.isInteger(n) || n < 1 || n > FLAVOR_IMAGE_COUNT) return null;
    const drawing =
      n === 1
        ? `<circle cx="200" cy="170" r="110" fill="${art.color}"/>`
        : n === 2
          ? `<path d="M90 170 H310 L290 260 Q286 280 266 280 H134 Q114 280 110 260 Z" fill="${shade(art.color, -0.15)}"/>` +
            `<ellipse cx="200" cy="170" rx="110" ry="26" fill="${art.color}"/>`
          : `<rect x="150" y="70" width="100" height="210" rx="16" fill="${art.color}"/>` +
            `<rect x="150" y="70" width="100" height="40" rx="16" fill="${shade(art.color, -0.3)}"/>`;
    return svg(
      n === 1 ? `${art.name} flavor` : `${art.name} flavor, serving ${n - 1}`,
      drawing + textLines(lines, 200, 330, 26, '#222222'),
      shade(art.color, 0.85),
    );
  }
  if (n !== 1) return null;
  const initials = art.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 3)
    .toUpperCase();
  return svg(
    `${art.name} logo`,
    `<circle cx="200" cy="160" r="100" fill="${art.color}"/>` +
      textLines([initials], 200, 182, 64, ink) +
      textLines(lines, 200, 320, 28, '#222222'),
    '#ffffff',
  );
}

/** Where the packs of a category tile stand (centre x, centre y, scale), back ones first. */
const TILE_PLACES: [number, number, number][][] = [
  [[200, 215, 0.8]],
  [
    [145, 215, 0.66],
    [255, 225, 0.72],
  ],
  [
    [118, 208, 0.58],
    [282, 208, 0.58],
    [200, 228, 0.7],
  ],
];

/** A pack with its label (bands standing in for the lettering, which would not read this small). */
function labelledPack(shape: PackShape, brandColor: string, flavorColor: string): string {
  const { outline, label } = pack(shape, brandColor, shade(brandColor, -0.1));
  const ink = inkOn(flavorColor);
  const band = (y: number, width: number, height: number) =>
    `<rect x="${label.x + (label.w - width) / 2}" y="${label.y + y}" width="${width}" height="${height}" rx="${height / 2}" fill="${ink}" opacity="0.8"/>`;
  return (
    outline +
    `<rect x="${label.x}" y="${label.y}" width="${label.w}" height="${label.h}" fill="${flavorColor}"/>` +
    band(16, label.w * 0.5, 6) +
    band(34, label.w * 0.72, 12) +
    band(52, label.w * 0.56, 12) +
    `<rect x="${label.x + 10}" y="${label.y + label.h - 34}" width="${label.w - 20}" height="24" rx="12" fill="${shade(flavorColor, -0.25)}"/>`
  );
}

/**
 * A category's picture: a few of its products' packs grouped on the category's colour (one pack
 * in the category's own colours when it has no products yet).
 */
export function renderCategoryImage(art: CategoryArt, n: number): string | null {
  if (n !== 1) return null;
  const packs = art.packs.length
    ? art.packs.slice(0, CATEGORY_TILE_PACKS)
    : [{ brandColor: art.color, flavorColor: shade(art.color, 0.6) }];
  const places = TILE_PLACES[packs.length - 1]!;
  const drawn = packs
    .map((item, i) => {
      const [cx, cy, scale] = places[i]!;
      return (
        `<g transform="translate(${cx - 200 * scale} ${cy - 200 * scale}) scale(${scale})">` +
        labelledPack(art.shape, item.brandColor, item.flavorColor) +
        `</g>`
      );
    })
    .join('');
  return svg(
    `${art.name} category`,
    `<circle cx="200" cy="190" r="150" fill="${shade(art.color, 0.55)}"/>` +
      `<ellipse cx="200" cy="350" rx="150" ry="14" fill="#000000" opacity="0.12"/>` +
      drawn,
    shade(art.color, 0.85),
  );
}

const CATEGORY_PALETTE = [
  '#1f6feb',
  '#d1495b',
  '#2a9d8f',
  '#e9a03b',
  '#6a4c93',
  '#3d405b',
  '#81b29a',
  '#e07a5f',
  '#118ab2',
  '#ef476f',
];

/** Categories have no colour of their own: a stable one is picked from the slug. */
export function categoryColor(slug: string): string {
  let hash = 0;
  for (const ch of slug) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return CATEGORY_PALETTE[hash % CATEGORY_PALETTE.length]!;
}
