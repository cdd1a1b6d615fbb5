/**
 * `npx tsx scripts/text-outlines.ts`: writes public/wordmark.svg — the lettering of the wordmark as
 * SVG path outlines, which the Logo draws with `<use>` — and the payment-method cards of the footer
 * as SVG files, public/payment-cards/*.svg, their words outlined the same way; drawn from the
 * shop's own variable fonts (their full sources in scripts/fonts) at the weights and sizes below.
 *
 * Why outlines and not SVG `<text>`: every font, size and weight a page uses is a font "strike"
 * the browser must look up on the page's main thread the first time it lays the page out (on Linux
 * and Android a round trip to the browser process each, plus the font-family fallbacks), and SVG
 * text asks for one per scaled size. The header's wordmark and the footer's ten cards asked for
 * about twenty; on a fresh page that was half of the first layout (~50 ms of ~105 ms on the CI
 * machine, four times that on Lighthouse's simulated phone). Outlines cost nothing to lay out.
 *
 * Why a file and not the outlines in the Logo's code: they are about 4 KB, 0.85 KiB gzipped, of
 * path data that would sit in the first page's script and in every page's HTML (the logo is in the
 * header, the footer and the mobile menu); as a file they are fetched once and kept, with the rest
 * of public/, by the service worker.
 *
 * Run it again after changing a text below or a font; the output is checked in.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Font } from 'fontkit';
import {
  PAYMENT_CARD_SIZE,
  PAYMENT_METHODS,
  paymentCardPath,
  WORDMARK_FILE,
  WORDMARK_PARTS,
  type PaymentMethod,
} from '../src/layout/components/lettering-files.ts';
import { FONT_SOURCES, openWoff2, type FontName } from './font-files.ts';

const root = path.resolve(import.meta.dirname, '..');

interface Lettering {
  text: string;
  font: FontName;
  weight: number;
  /** Font size in the SVG's user units. */
  size: number;
  /** Baseline start (or centre, with `anchor: 'middle'`) in user units. */
  x: number;
  y: number;
  anchor?: 'start' | 'middle';
  letterSpacing?: number;
}

/** The wordmark's lettering (viewBox 0 0 164 36), a path for each of WORDMARK_PARTS. */
const WORDMARK: Record<(typeof WORDMARK_PARTS)[number], Lettering> = {
  forge: { text: 'FORGE', font: 'oswald', weight: 700, size: 19, x: 40, y: 18, letterSpacing: 2.5 },
  nutrition: {
    text: 'NUTRITION',
    font: 'inter',
    weight: 700,
    size: 8.6,
    x: 40.5,
    y: 31,
    letterSpacing: 3.4,
  },
};

/** A payment card's word, centred on x (viewBox 0 0 48 30, baseline 19.5). */
const card = (text: string, size: number, weight: number, x = 24): Lettering => ({
  text,
  font: 'inter',
  weight,
  size,
  x,
  y: 19.5,
  anchor: 'middle',
});

const PAYMENT = {
  visa: card('VISA', 12, 900),
  amex: card('AMEX', 11, 900),
  sezzle: card('sezzle', 10, 700),
  applePay: card('Pay', 11, 600, 30),
  discoverDisc: card('DISC', 7.5, 800, 13.5),
  discoverVer: card('VER', 7.5, 800, 37.8),
  googleG: card('G', 12, 800, 14),
  googlePay: card('Pay', 11, 600, 29),
  shopPay: card('shop Pay', 9, 800),
  payPalPay: card('Pay', 10.5, 800, 18),
  payPalPal: card('Pal', 10.5, 800, 32),
  afterpay: card('afterpay', 8.5, 800),
} satisfies Record<string, Lettering>;

/** One decimal is a tenth of a CSS pixel at these sizes. */
const round = (n: number) => Math.round(n * 10) / 10;
const num = (n: number) => {
  const text = String(round(n) === 0 ? 0 : round(n));
  return text.replace(/^(-?)0\./, '$1.');
};

interface Command {
  command: string;
  args: number[];
}

/**
 * A compact path from absolute points: relative commands between rounded points, so rounding
 * never drifts.
 */
function pathData(commands: Command[]): string {
  let d = '';
  let last = '';
  let current: [number, number] = [0, 0];
  let subpathStart: [number, number] = [0, 0];
  const delta = ([x, y]: [number, number]) => [x - current[0], y - current[1]];
  // A number needs a space before it unless a sign or a second decimal point separates it.
  const append = (letter: string, values: number[]) => {
    const repeat = letter === last && letter !== 'm' && letter !== 'z';
    if (!repeat) d += letter;
    for (const [i, value] of values.map(num).entries()) {
      const separated =
        (i === 0 && !repeat) ||
        value.startsWith('-') ||
        (value.startsWith('.') && /\.\d*$/.test(d));
      d += separated ? value : ` ${value}`;
    }
    last = letter;
  };
  for (const { command, args } of commands) {
    if (command === 'closePath') {
      append('z', []);
      current = subpathStart;
      continue;
    }
    const points: [number, number][] = [];
    for (let i = 0; i < args.length; i += 2) points.push([round(args[i]!), round(args[i + 1]!)]);
    const end = points[points.length - 1]!;
    if (command === 'moveTo') {
      append('m', delta(end));
      subpathStart = end;
    } else if (command === 'lineTo') {
      const [dx, dy] = delta(end) as [number, number];
      if (dx === 0 && dy === 0) continue;
      if (dy === 0) append('h', [dx]);
      else if (dx === 0) append('v', [dy]);
      else append('l', [dx, dy]);
    } else if (command === 'quadraticCurveTo') {
      append('q', [...delta(points[0]!), ...delta(end)]);
    } else if (command === 'bezierCurveTo') {
      append('c', [...delta(points[0]!), ...delta(points[1]!), ...delta(end)]);
    } else {
      throw new Error(`Unknown path command ${command}`);
    }
    current = end;
  }
  return d;
}

/** The lettering laid out as the browser would (kerning, letter-spacing, anchor), in user units. */
function outline(fonts: Record<FontName, Font>, lettering: Lettering): string {
  const font = fonts[lettering.font].getVariation({ wght: lettering.weight });
  const run = font.layout(lettering.text);
  const scale = lettering.size / font.unitsPerEm;
  const spacing = lettering.letterSpacing ?? 0;
  const width = run.positions.reduce(
    (sum, position) => sum + position.xAdvance * scale + spacing,
    0,
  );
  let x = lettering.anchor === 'middle' ? lettering.x - width / 2 : lettering.x;
  const commands: Command[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    const originX = x + position.xOffset * scale;
    const originY = lettering.y - position.yOffset * scale;
    for (const { command, args } of glyph.path.commands) {
      const user = args.map((value, i) =>
        i % 2 === 0 ? originX + value * scale : originY - value * scale,
      );
      commands.push({ command, args: user });
    }
    x += position.xAdvance * scale + spacing;
  });
  return pathData(commands);
}

const fonts = {
  oswald: await openWoff2(FONT_SOURCES.oswald),
  inter: await openWoff2(FONT_SOURCES.inter),
};
/** A card's lettering, outlined, as an SVG path. */
const word = (key: keyof typeof PAYMENT, fill: string) =>
  `<path d="${outline(fonts, PAYMENT[key])}" fill="${fill}"/>`;

/** Each card: its background and what is drawn on it. */
const CARDS: Record<PaymentMethod, { bg: string; content: string }> = {
  Visa: { bg: '#1a1f71', content: word('visa', '#ffffff') },
  Mastercard: {
    bg: '#ffffff',
    content:
      '<circle cx="19.5" cy="15" r="8" fill="#eb001b"/>' +
      '<circle cx="28.5" cy="15" r="8" fill="#f79e1b" fill-opacity="0.9"/>',
  },
  'American Express': { bg: '#1f72cd', content: word('amex', '#ffffff') },
  Sezzle: { bg: '#392558', content: word('sezzle', '#ffffff') },
  'Apple Pay': {
    bg: '#000000',
    content:
      '<path d="M13.6 10.4c.5-.6.8-1.4.7-2.2-.7 0-1.6.5-2.1 1.1-.5.5-.9 1.4-.8 2.2.8.1 1.6-.4 2.2-1.1Zm.7 1.1c-1.2-.1-2.2.7-2.8.7-.6 0-1.4-.6-2.4-.6-1.2 0-2.4.7-3 1.9-1.3 2.2-.3 5.5.9 7.3.6.9 1.3 1.8 2.3 1.8.9 0 1.2-.6 2.3-.6s1.4.6 2.3.6c1 0 1.6-.9 2.2-1.8.7-1 1-2 1-2.1 0 0-1.9-.8-2-3 0-1.9 1.5-2.8 1.6-2.8-.9-1.3-2.3-1.4-2.4-1.4Z" fill="#ffffff"/>' +
      word('applePay', '#ffffff'),
  },
  Discover: {
    bg: '#ffffff',
    content:
      word('discoverDisc', '#231f20') +
      '<circle cx="26.3" cy="16.8" r="3" fill="#f58220"/>' +
      word('discoverVer', '#231f20'),
  },
  'Google Pay': {
    bg: '#ffffff',
    content: word('googleG', '#4285f4') + word('googlePay', '#3c4043'),
  },
  'Shop Pay': { bg: '#5a31f4', content: word('shopPay', '#ffffff') },
  PayPal: {
    bg: '#ffffff',
    content: word('payPalPay', '#003087') + word('payPalPal', '#009cde'),
  },
  Afterpay: { bg: '#b2fce4', content: word('afterpay', '#000000') },
};

const { width, height } = PAYMENT_CARD_SIZE;
for (const method of PAYMENT_METHODS) {
  const file = path.join(root, 'public', paymentCardPath(method));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `viewBox="0 0 ${width} ${height}" role="img" aria-label="${method}">` +
      `<title>${method}</title>` +
      `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="4" ` +
      `fill="${CARDS[method].bg}" stroke="#d0d4da"/>${CARDS[method].content}</svg>\n`,
  );
}
console.log(`Wrote ${PAYMENT_METHODS.length} cards in public/payment-cards/.`);

const wordmark = path.join(root, 'public', WORDMARK_FILE);
writeFileSync(
  wordmark,
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 164 36">' +
    WORDMARK_PARTS.map((part) => `<path id="${part}" d="${outline(fonts, WORDMARK[part])}"/>`).join(
      '',
    ) +
    '</svg>\n',
);
console.log(`Wrote ${path.relative(root, wordmark)}.`);
