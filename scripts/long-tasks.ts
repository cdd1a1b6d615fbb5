/**
 * `npm run measure:long-tasks`: where a first page's blocking time goes. A script that prints
 * figures, never a test.
 *
 *   npm run measure:long-tasks -- [--path /] [--cpu 4] [--runs 1] [--signed-in]
 *
 * It starts the built shop, opens --path once per run as a first-time shopper on an emulated
 * phone (with --signed-in, as a shopper signed in through the login screen with two products in the
 * cart, the way the Lighthouse runs open `/checkout`; the service worker and its caches are
 * cleared first, so the page still comes from the network) (CPU slowed --cpu times), records a performance trace with the JavaScript profiler's
 * samples until the page has hydrated and settled, and prints every main-thread task longer than
 * 50 ms (a long task: what Total Blocking Time adds up): when it started, how long it took, the
 * browser's own work in it (parsing, style, layout) and the functions that took its time, both
 * where the time was spent (self) and the first-party frames it was spent under.
 *
 * Function names come from the build's source maps: build with `npx vite build --sourcemap && npx
 * vite build --ssr` to read them (a plain build prints minified names and positions).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import sourceMap from 'source-map-js';
import { launchBrowser } from '../tests/e2e/chrome.ts';
import { startShop } from '../tests/e2e/shop.ts';
import { pageFaultNote } from './lighthouse-verdict.ts';
import { measurePageFaultMicroseconds } from './page-fault-cost.ts';
import { shopperWithCart } from './shopper-with-cart.ts';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/' },
    cpu: { type: 'string', default: '4' },
    runs: { type: 'string', default: '1' },
    'signed-in': { type: 'boolean', default: false },
  },
});
const CPU_SLOWDOWN = Number(args.cpu);
/** A task over this blocks input (the RAIL and Total Blocking Time threshold). */
const LONG_TASK_MS = 50;
/** How long after hydration the trace goes on: effects and lazy parts run then. */
const SETTLE_MS = 3000;
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
];
const assets = path.resolve(import.meta.dirname, '../dist/assets');

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: ProfileData };
}
interface ProfileNode {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName?: string; url?: string; lineNumber: number; columnNumber: number };
}
interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

const maps = new Map<string, sourceMap.SourceMapConsumer | null>();

/** A frame as the source names it, where the build's source map is there. */
function frameName(frame: ProfileNode['callFrame']): string {
  const file = (frame.url ?? '').split('/').at(-1) ?? '';
  // The engine's own entries: (program), (garbage collector), a DOM call such as appendChild.
  if (!file) return frame.functionName || '(anonymous)';
  const at = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}:${frame.columnNumber}`;
  if (!maps.has(file)) {
    const mapFile = path.join(assets, `${file}.map`);
    maps.set(
      file,
      file && existsSync(mapFile)
        ? new sourceMap.SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')))
        : null,
    );
  }
  const original = maps
    .get(file)
    ?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original?.source) return at;
  const source = original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line}`;
}

const top = (counts: Map<string, number>, count: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, value]) => `${String(Math.round(value)).padStart(5)} ms  ${name}`);

function report(events: TraceEvent[]): number {
  const main = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = (event: TraceEvent) => main.has(`${event.pid}:${event.tid}`);
  const nodes = new Map<number, ProfileNode>();
  const samples: { node: number; ts: number }[] = [];
  let clock = 0;
  for (const event of events) {
    const data = event.args?.data;
    if (event.name === 'Profile' && data?.startTime !== undefined) clock = data.startTime;
    if (event.name !== 'ProfileChunk' || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((node, index) => {
      clock += data.timeDeltas?.[index] ?? 0;
      samples.push({ node, ts: clock });
    });
  }
  for (const node of nodes.values()) {
    for (const child of node.children ?? []) {
      const found = nodes.get(child);
      if (found) found.parent = node.id;
    }
  }
  const tasks = events
    .filter((event) => event.name === 'RunTask' && onMain(event))
    .filter((event) => (event.dur ?? 0) / 1000 > LONG_TASK_MS)
    .sort((a, b) => a.ts - b.ts);
  const origin = events.find((event) => event.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const ms = task.dur! / 1000;
    blocking += ms - LONG_TASK_MS;
    const work = new Map<string, number>();
    for (const event of events) {
      if (event.ph !== 'X' || event === task || !onMain(event) || event.ts < task.ts) continue;
      if ((event.dur ?? 0) < 1000) continue;
      if (event.ts + (event.dur ?? 0) > end || /^V8\.|^v8\.|RunMicrotasks/.test(event.name)) {
        continue;
      }
      work.set(event.name, Math.max(work.get(event.name) ?? 0, (event.dur ?? 0) / 1000));
    }
    const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end);
    const step = inTask.length > 0 ? ms / inTask.length : 0;
    const self = new Map<string, number>();
    const under = new Map<string, number>();
    for (const sample of inTask) {
      const leaf = nodes.get(sample.node);
      if (!leaf) continue;
      const leafName = frameName(leaf.callFrame);
      self.set(leafName, (self.get(leafName) ?? 0) + step);
      const seen = new Set<string>();
      for (let node: ProfileNode | undefined = leaf; node; node = nodes.get(node.parent ?? -1)) {
        const name = frameName(node.callFrame);
        if (!name.includes(' src/') || seen.has(name)) continue;
        seen.add(name);
        under.set(name, (under.get(name) ?? 0) + step);
      }
    }
    console.log(
      `\n${Math.round(ms)} ms task at ${Math.round((task.ts - origin) / 1000)} ms` +
        `  (${top(work, 4)
          .map((line) => line.trim())
          .join(', ')})`,
    );
    for (const line of top(self, 5)) console.log(`  self   ${line}`);
    for (const line of top(under, 5)) console.log(`  under  ${line}`);
  }
  return blocking;
}

/**
 * Signs the shopper in through the login screen, closing the discount-code offer first as a
 * shopper who filled a cart has (scripts/lighthouse-login.cjs says why), then clears the worker
 * and its caches.
 */
async function signIn(page: Page, shopper: { email: string; password: string }): Promise<void> {
  // The offer opens in the shop's frame (the sign-in screens have their own).
  await page.goto('/');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.waitForFunction(() => localStorage.getItem('hasSeenCouponPopup') !== null);
  await page.goto('/login');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.locator('input[type=email]').fill(shopper.email);
  await form.locator('input[type=password]').fill(shopper.password);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
      await registration.unregister();
    }
    for (const name of await caches.keys()) await caches.delete(name);
  });
  // From a blank page, as Lighthouse starts: leaving the shop's page would be traced too.
  await page.goto('about:blank');
}

// Work the browser does on fresh memory shows as "(program)": on a host with slow page faults,
// much of it is the host's.
const pageFault = measurePageFaultMicroseconds();
console.log(`A page fault costs this host ${pageFault.toFixed(1)} µs.`);
const faultNote = pageFaultNote(pageFault);
if (faultNote) console.log(faultNote);

const shop = await startShop({ LOG_LEVEL: 'error' });
const browser = await launchBrowser();
try {
  for (let run = 1; run <= Number(args.runs); run += 1) {
    const context = await browser.newContext({ ...PHONE, baseURL: shop.baseURL });
    const page = await context.newPage();
    if (args['signed-in']) await signIn(page, await shopperWithCart(shop.baseURL));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(args.path, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', {
      timeout: 60_000,
    });
    await page.waitForTimeout(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    console.log(`\n== ${args.path}, run ${run}, CPU slowed ${CPU_SLOWDOWN}x ==`);
    const blocking = report(trace.traceEvents);
    console.log(
      `\nblocking time (the long tasks' time over ${LONG_TASK_MS} ms): ${Math.round(blocking)} ms`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
