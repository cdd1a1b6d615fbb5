/**
 * `npm run measure:navigation`: what a returning shopper on a slow phone sees first, under each
 * way the service worker could answer a navigation. A script that prints figures, never a test.
 *
 *   npm run measure:navigation -- [--runs 5] [--cpu 4] [--rtt 150] [--kbps 1600]
 *
 * The shopper has visited home and one product before (the worker is installed and its caches,
 * the HTTP cache and the persisted query cache are warm). Then, on an emulated mid-tier phone
 * (CPU slowed --cpu times, --rtt ms of latency, --kbps of bandwidth), they open:
 * - the product seen before, and
 * - a product never seen (its data is in no cache).
 * Each is measured under two strategies, in fresh browser contexts:
 * - "shell": the worker answers the navigation with its precached index.html and the browser
 *   renders the page from the JavaScript and the data (the persisted cache, else the network);
 * - "network": the page's HTML comes from the server (rendered there), the rest from the HTTP
 *   cache — what a worker answering navigations from the network gives (the worker is blocked
 *   here, so its own fetches take no part).
 * Printed per page and strategy, the medians over --runs: first contentful paint, largest
 * contentful paint, and when the app is running (the page hydrated or rendered: `<html
 * data-hydrated>`), from the navigation's start.
 *
 * The emulation applies to the page's own requests. Under "shell" the worker's fetches (the API
 * calls of a product never seen) are not slowed, which favours "shell".
 */
import { parseArgs } from 'node:util';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/chrome.ts';
import { startShop } from '../tests/e2e/shop.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    rtt: { type: 'string', default: '150' },
    kbps: { type: 'string', default: '1600' },
  },
});
const RUNS = Number(args.runs);
const CPU_SLOWDOWN = Number(args.cpu);
const RTT_MS = Number(args.rtt);
const KBPS = Number(args.kbps);
/** A phone's screen, as Lighthouse's mobile runs emulate it. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };
const SEEN = '/product/whey-protein-isolate';
const UNSEEN = '/product/creatine-monohydrate';
/** How long after load the largest paint is read: later paints (the data's) still count. */
const SETTLE_MS = 4000;

type Strategy = 'shell' | 'network';

interface Timing {
  fcp: number;
  lcp: number;
  running: number;
}

async function slowDown(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: RTT_MS,
    downloadThroughput: (KBPS * 1024) / 8,
    uploadThroughput: (KBPS * 1024) / 8 / 2,
  });
  return cdp;
}

/** A returning shopper's context: home and SEEN visited, the worker (if allowed) in control. */
async function returningShopper(
  newContext: (strategy: Strategy) => Promise<BrowserContext>,
  strategy: Strategy,
): Promise<BrowserContext> {
  const context = await newContext(strategy);
  await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
  const page = await context.newPage();
  for (const path of ['/', SEEN]) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  }
  if (strategy === 'shell') {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    // The worker's precache is complete once it controls the page; the app's persisted cache
    // is written shortly after the data arrives.
    await page.waitForTimeout(1500);
  }
  await page.close();
  return context;
}

async function measure(context: BrowserContext, path: string): Promise<Timing> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const marks = { fcp: NaN, lcp: NaN, running: NaN };
    (window as unknown as { __marks: typeof marks }).__marks = marks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
      }
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      if (last) marks.lcp = last.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.hydrated !== 'true') return;
      marks.running = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  const cdp = await slowDown(page);
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', {
    timeout: 60_000,
  });
  await page.waitForTimeout(SETTLE_MS);
  const timing = await page.evaluate(() => (window as unknown as { __marks: Timing }).__marks);
  await cdp.detach();
  await page.close();
  return timing;
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
};

const shop = await startShop({ LOG_LEVEL: 'error' });
const browser = await launchBrowser();
try {
  const newContext = (strategy: Strategy) =>
    browser.newContext({
      ...PHONE,
      baseURL: shop.baseURL,
      serviceWorkers: strategy === 'shell' ? 'allow' : 'block',
    });
  console.log(
    `Returning shopper, phone emulated: CPU ${CPU_SLOWDOWN}x, ${RTT_MS} ms RTT, ${KBPS} kbit/s; ` +
      `median of ${RUNS} runs (ms from the navigation's start)`,
  );
  console.log('page                                strategy   FCP    LCP  running');
  for (const [label, path] of [
    ['product seen before', SEEN],
    ['product never seen', UNSEEN],
  ] as const) {
    for (const strategy of ['shell', 'network'] as const) {
      const timings: Timing[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await returningShopper(newContext, strategy);
        timings.push(await measure(context, path));
        await context.close();
      }
      const pick = (key: keyof Timing) =>
        String(Math.round(median(timings.map((timing) => timing[key])))).padStart(6);
      console.log(
        `${label.padEnd(35)} ${strategy.padEnd(8)} ${pick('fcp')} ${pick('lcp')} ${pick('running')}`,
      );
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}
