/**
 * What most browser test files share: one shop and one Chromium for the file, started before its
 * first test, and after its last the browser contexts it opened closed, then the browser, then the
 * shop.
 *
 * Call shopInBrowser(env?) at the top level of a test file (`env` adds to the shop's environment,
 * e.g. an admin account); it registers the file's beforeAll/afterAll hooks and returns:
 * - `shop`, `browser`: the running shop and Chromium (read them inside tests and hooks);
 * - `newContext(options?, { couponPopupSeen })`: a context on the shop (its own storage: a new
 *   guest), 1280 × 800 unless `options` say otherwise, with the coupon popup already seen unless
 *   `couponPopupSeen` is false (a true first visit);
 * - `openPage(path, width?, height?)`: a page of a new such context on `path`, once its <main>
 *   is there.
 * And patientPoll(timeoutMs?): an `expect.poll` with a longer time-out, for the offline, worker and
 * outbox tests; expectPictureDrawn(image) waits until an <img> has drawn its picture.
 */
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './chrome.ts';
import { waitForHydrationOnNavigation } from './hydration.ts';
import { startShop, type RunningShop } from './shop.ts';

export interface ShopInBrowser {
  readonly shop: RunningShop;
  readonly browser: Browser;
  newContext(
    options?: BrowserContextOptions,
    visit?: { couponPopupSeen?: boolean },
  ): Promise<BrowserContext>;
  openPage(path: string, width?: number, height?: number): Promise<Page>;
}

const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

export function shopInBrowser(env: Record<string, string> = {}): ShopInBrowser {
  let shop: RunningShop | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(env), launchBrowser()]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await shop?.stop();
  });

  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`The ${name} is not started yet (use it in a test).`);
    return value;
  };

  const harness: ShopInBrowser = {
    get shop() {
      return started(shop, 'shop');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async newContext(options = {}, { couponPopupSeen = true } = {}) {
      const context = await harness.browser.newContext({
        baseURL: harness.shop.baseURL,
        viewport: DEFAULT_VIEWPORT,
        ...options,
      });
      contexts.push(waitForHydrationOnNavigation(context));
      if (couponPopupSeen) {
        await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
      }
      return context;
    },
    async openPage(path, width = DEFAULT_VIEWPORT.width, height = DEFAULT_VIEWPORT.height) {
      const context = await harness.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(path);
      await page.locator('main').first().waitFor();
      return page;
    },
  };
  return harness;
}

/**
 * `poll(read, message?)`: expect.poll waiting up to `timeoutMs`, long enough for a throttled
 * IndexedDB write, a worker's cache update or an outbox retry on a busy machine.
 */
export function patientPoll(timeoutMs = 20_000) {
  return <T>(read: () => T | Promise<T>, message?: string) =>
    expect.poll(read, { timeout: timeoutMs, message });
}

/**
 * Waits until `image` is drawn: loaded, with a width. The shop renders each picture the first time
 * it is asked for, so while a busy machine renders a page's first pictures one can take seconds.
 */
export async function expectPictureDrawn(image: Locator, message?: string): Promise<void> {
  await patientPoll()(
    () => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
    message,
  ).toBeGreaterThan(0);
}
