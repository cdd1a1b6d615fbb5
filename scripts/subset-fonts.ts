/**
 * `npx tsx scripts/subset-fonts.ts`: writes the shop's web font, public/fonts/oswald-wght.woff2,
 * from the Latin variable font in scripts/fonts (Fontsource's build of Oswald, SIL OFL 1.1), cut
 * down to the characters and weights the shop uses — 20 KiB instead of 31.
 *
 * Why it matters: index.html preloads it, and everything a page fetches before its first view
 * has painted shares a slow phone link with that view's picture. Body text uses the platform's
 * own face for the same reason (the Inter in scripts/fonts only draws the wordmark's outlines,
 * scripts/text-outlines.ts).
 *
 * Keep COVERAGE and WEIGHTS in step with `unicode-range` and `font-weight` in src/styles/fonts.css
 * (tests/unit/fonts.test.ts checks it); characters outside fall back to the system font.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { FONT_SOURCES } from './font-files.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Basic Latin, Latin-1 and the punctuation and signs the shop's texts use. */
export const COVERAGE: readonly [number, number][] = [
  [0x20, 0x7e],
  // Latin-1 but the soft hyphen, which neither font draws (it never shows).
  [0xa0, 0xac],
  [0xae, 0xff],
  [0x152, 0x153],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];

/** Each font: its source, its output, the weight range kept, and characters only it has. */
export const FONTS = [
  {
    source: FONT_SOURCES.oswald,
    output: 'oswald-wght.woff2',
    weights: { min: 400, max: 700 },
    extra: [],
  },
] as const satisfies readonly {
  source: string;
  output: string;
  weights: { min: number; max: number };
  extra: readonly (readonly [number, number])[];
}[];

/** The character ranges of one output font, in order. */
export function coverageOf(font: (typeof FONTS)[number]): [number, number][] {
  return [...COVERAGE, ...font.extra].map(([from, to]): [number, number] => [from, to]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const font of FONTS) {
    const text = coverageOf(font)
      .flatMap(([from, to]) =>
        Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
      )
      .join('');
    const source = readFileSync(font.source);
    const subset = await subsetFont(source, text, {
      targetFormat: 'woff2',
      variationAxes: { wght: font.weights },
    });
    writeFileSync(path.join(root, 'public', 'fonts', font.output), subset);
    console.log(`public/fonts/${font.output}: ${source.length} → ${subset.length} bytes`);
  }
}
