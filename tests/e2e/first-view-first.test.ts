/**
 * The server's first view paints before the app's JavaScript starts downloading: on a phone's thin
 * connection the 140 KiB entry would otherwise share it with the page's main picture. Checked in a
 * real browser from the page's own timings: the largest paint (the main picture or one drawn as
 * large beside it, or the home page's hero text) comes before the entry's request starts, and the
 * app then runs.
 */
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';

const e2e = shopInBrowser();

/** Lighthouse's phone: the picture's larger source is the one chosen, as on most phones. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };

interface Timings {
  /** When the largest paint so far happened, and the URL of its picture ('' for text). */
  largestPaint: { time: number; url: string };
  /** The main picture's URL and when its response ended ('' and 0 on a page without one). */
  picture: { url: string; responseEnd: number };
  /**
   * The URLs of the pictures loaded at once and drawn as large as the main one (a listing's first
   * row): the largest paint is whichever of them is drawn first.
   */
  asLarge: string[];
  /** When the entry's request started. */
  entryStart: number;
}

async function timingsOf(path: string): Promise<Timings> {
  const context = await e2e.newContext(PHONE);
  await context.addInitScript(() => {
    const paints: { time: number; url: string }[] = [];
    (window as unknown as { __paints: typeof paints }).__paints = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { url: string })[]) {
        paints.push({ time: entry.startTime, url: entry.url });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(path);
  const timings = await page.evaluate(() => {
    const resource = (url: string) =>
      performance
        .getEntriesByType('resource')
        .find((entry) => entry.name === new URL(url, location.href).href) as
        PerformanceResourceTiming | undefined;
    const entry = document.querySelector<HTMLScriptElement>('script[data-entry]')!.dataset.entry!;
    const picture = document.querySelector<HTMLImageElement>('img[fetchpriority=high]');
    const paints = (window as unknown as { __paints: { time: number; url: string }[] }).__paints;
    const area = (image: HTMLImageElement) => {
      const { width, height } = image.getBoundingClientRect();
      return Math.round(width * height);
    };
    const asLarge = picture
      ? [...document.querySelectorAll<HTMLImageElement>('img:not([loading=lazy])')]
          .filter((image) => area(image) === area(picture))
          .map((image) => image.currentSrc)
      : [];
    return {
      asLarge,
      largestPaint: paints.at(-1)!,
      picture: picture
        ? { url: picture.currentSrc, responseEnd: resource(picture.currentSrc)?.responseEnd ?? -1 }
        : { url: '', responseEnd: 0 },
      entryStart: resource(entry)?.startTime ?? -1,
    };
  });
  await context.close();
  return timings;
}

describe('the first view paints before the app starts', () => {
  test.each([
    ['/product/whey-protein-isolate', 'picture'],
    ['/category/protein-powder', 'picture'],
    ['/search/products?q=whey', 'picture'],
    ['/', 'text'],
  ] as const)('%s: its largest paint (%s), then the entry', async (path, kind) => {
    const { largestPaint, picture, asLarge, entryStart } = await timingsOf(path);
    expect(entryStart, 'the entry was fetched').toBeGreaterThan(0);
    if (kind === 'picture') {
      expect(picture.url, 'the page has a main picture').not.toBe('');
      expect(asLarge, 'the main picture').toContain(picture.url);
      expect(asLarge, 'the largest paint is a first-view picture').toContain(largestPaint.url);
      expect(entryStart).toBeGreaterThanOrEqual(picture.responseEnd);
    } else {
      expect(largestPaint.url, 'the largest paint is text').toBe('');
    }
    expect(largestPaint.time).toBeLessThanOrEqual(entryStart);
  });
});
