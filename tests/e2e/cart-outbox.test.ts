/**
 * The cart outbox in Chromium, with the real service worker and server: changes made
 * offline survive a reload and land once; on a flaky network that loses requests and answers, 50
 * seeded random adds, quantity changes and removals end with the server's cart equal to a model of
 * them (replay a failure with CART_OUTBOX_SEED); two tabs' queued changes each land once, sent by
 * one tab, and both tabs show the synced cart without a reload; a change the server refuses is
 * rolled back with a toast saying why.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from 'vitest';
import {
  addVariant,
  badge,
  fetchProduct,
  roomyVariants,
  serverCart,
  sorted,
  waitingText,
  type CartLine,
  type Product,
  type Variant,
} from './cart-helpers.ts';
import { amountToFreeShipping, computeCartTotals } from '../../contract/cart-rules.ts';
import { mulberry32 } from '../../server/lib/random.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { launchBrowser } from './chrome.ts';
import { persistedCache } from './offline-helpers.ts';
import { startShop, type RunningShop } from './shop.ts';
import { patientPoll } from './harness.ts';
import { waitForHydrationOnNavigation } from './hydration.ts';

/**
 * Fifty changes through a lossy network, then the drain: about 40 s alone, but twice that beside
 * another browser file on a busy two-core machine.
 */
const FLAKY_NETWORK_TEST_MS = 150_000;

const poll = patientPoll(30_000);

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];

interface ShelfEntry {
  product: Product;
  variant: Variant;
}
let product: Product;
/** Variants with room for every quantity the tests ask for. */
let roomy: Variant[];
/** Three roomy variants of each of two products, for the random changes. */
let shelf: ShelfEntry[];

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  product = await fetchProduct(shop.baseURL, 'whey-protein-isolate');
  roomy = roomyVariants(product);
  expect(roomy.length).toBeGreaterThanOrEqual(3);
  const other = await fetchProduct(shop.baseURL, 'vegan-protein-blend');
  shelf = [product, other].flatMap((each) =>
    roomyVariants(each)
      .slice(0, 3)
      .map((variant) => ({ product: each, variant })),
  );
  expect(shelf.length).toBe(6);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await shop?.stop();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: shop.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  contexts.push(waitForHydrationOnNavigation(context));
  await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
  return context;
}

async function openProduct(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return page;
}

/** The header badge's number now (0 when it is not shown), without waiting for it to appear. */
const badgeCount = (page: Page) =>
  page.evaluate(() =>
    Number(document.querySelector('[data-testid="cart-badge"]')?.textContent ?? '0'),
  );
const noop = () => undefined;

/** For a failure report: the lines the cart page shows, the server's lines, what still waits. */
function cartState(page: Page) {
  return page.evaluate(async () => {
    const shown = [...document.querySelectorAll('main li')].map((li) => li.textContent);
    const id = localStorage.getItem('guestCartId');
    const answer = id ? await (await fetch(`/api/v1/cart?guestCartId=${id}`)).json() : null;
    const server = (answer as { data?: { items: unknown[] } } | null)?.data?.items;
    const open = indexedDB.open('forge-outbox-cart');
    const db = await new Promise<IDBDatabase>(
      (resolve) => (open.onsuccess = () => resolve(open.result)),
    );
    // A page that never queued a change has no store yet (opening it here made the database).
    const waiting = db.objectStoreNames.contains('commands')
      ? await new Promise((resolve) => {
          const read = db.transaction('commands').objectStore('commands').getAll();
          read.onsuccess = () => resolve(read.result);
        })
      : [];
    const cartLink = document.querySelector('[data-testid="cart-link"]');
    return {
      url: location.href,
      cartLink: cartLink?.getAttribute('aria-label'),
      shown,
      server,
      waiting,
    };
  });
}

/** The cart lines in the persisted query cache (what a reload with no network starts from). */
async function persistedCartLines(page: Page): Promise<{ variantId: string; quantity: number }[]> {
  const saved = await persistedCache(page);
  if (!saved) return [];
  const client = JSON.parse(saved) as {
    clientState: {
      queries: { queryKey: unknown[]; state: { data?: { items: CartLine[] } } }[];
    };
  };
  const cart = client.clientState.queries.find((query) => query.queryKey.join() === 'cart');
  return (cart?.state.data?.items ?? []).map(({ variantId, quantity }) => ({
    variantId,
    quantity,
  }));
}

describe('cart outbox', () => {
  test('offline: three adds, a quantity change and a removal survive a reload and land exactly once', async () => {
    const context = await newContext();
    const page = await openProduct(context);
    const [first, second, third] = roomy as [Variant, Variant, Variant];

    await context.setOffline(true);
    for (const variant of [first, second, third]) await addVariant(page, variant);
    await poll(() => badge(page)).toBe('3');
    // The cart icon says how many changes wait, as the cart page does.
    await poll(() => page.getByTestId('cart-link').getAttribute('aria-label')).toBe(
      'Cart, 3 items, 3 changes waiting to sync',
    );
    expect(await page.getByTestId('cart-sync-dot').isVisible()).toBe(true);

    await page.getByTestId('cart-link').click();
    await poll(() => waitingText(page)).toBe('3 changes waiting to sync');
    const line = (variant: Variant) =>
      page.getByRole('listitem').filter({ hasText: variant.flavor.name }).filter({
        hasText: variant.size,
      });
    const increase = line(first).getByRole('button', { name: /^Increase quantity/ });
    await increase.click();
    await poll(() => waitingText(page)).toBe('4 changes waiting to sync');
    await increase.click();
    await poll(() => waitingText(page)).toBe('5 changes waiting to sync');
    await line(second)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await poll(() => waitingText(page)).toBe('6 changes waiting to sync');
    await poll(() => badge(page)).toBe('4');
    expect(await page.getByRole('link', { name: 'Sign in to check out' }).isVisible()).toBe(true);

    // Still offline: the queued changes and their effect come back from IndexedDB.
    await page.reload();
    await poll(() => waitingText(page)).toBe('6 changes waiting to sync');
    await poll(() => badge(page)).toBe('4');
    expect(await line(second).count()).toBe(0);

    await context.setOffline(false);
    await poll(() => waitingText(page)).toBe('');
    expect(await serverCart(page)).toEqual(
      sorted([
        { variantId: first._id, quantity: 3 },
        { variantId: third._id, quantity: 1 },
      ]),
    );
    await poll(() => badge(page)).toBe('4');
  });

  test('quick taps on a line\'s "+" each add one, though each change takes a moment to be stored', async () => {
    const context = await newContext();
    const page = await openProduct(context);
    const [variant] = roomy as [Variant];
    await addVariant(page, variant);
    await page.getByTestId('cart-link').click();
    await poll(() => waitingText(page)).toBe('');
    await poll(() => badge(page)).toBe('1');

    // Three taps, one task apart: quicker than a thumb, and each long before IndexedDB has
    // stored the change before it. Each must build on the quantity the one before asked for.
    await page
      .getByRole('button', { name: /^Increase quantity/ })
      .evaluate(async (button: HTMLButtonElement) => {
        for (let tap = 0; tap < 3; tap += 1) {
          button.click();
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      });
    await poll(() => badge(page)).toBe('4');
    await poll(() => waitingText(page)).toBe('');
    expect(await serverCart(page)).toEqual([{ variantId: variant._id, quantity: 4 }]);
    await poll(() => badge(page)).toBe('4');
  });

  test("offline, a guest's first add shows an estimated total from the product page's price until the server answers", async () => {
    const context = await newContext();
    const page = await openProduct(context);
    const variant = roomy[0]!;
    const price = (variant as Variant & { price: number }).price;
    const { subtotal, shipping, total } = computeCartTotals([{ quantity: 1, unitPrice: price }], 0);

    await context.setOffline(true);
    await addVariant(page, variant);
    await poll(() => badge(page)).toBe('1');
    await page.getByTestId('cart-link').click();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const row = (term: string) =>
      summary.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
    await poll(() => row('Subtotal').textContent()).toBe(formatMoney(subtotal));
    expect(await row('Estimated total').textContent()).toBe(formatMoney(total));
    expect(await row('Shipping').textContent()).toBe(
      shipping === 0 ? 'Free' : formatMoney(shipping),
    );
    expect(await page.getByTestId('cart-estimate').isVisible()).toBe(true);
    const freeShipping = amountToFreeShipping(subtotal);
    expect(await summary.textContent()).toContain(
      freeShipping > 0
        ? `Add ${formatMoney(freeShipping)} more for free standard shipping.`
        : 'You get free standard shipping.',
    );

    // Back online the server's totals replace the estimate.
    await context.setOffline(false);
    await poll(() => waitingText(page)).toBe('');
    await poll(() => page.getByTestId('cart-estimate').count()).toBe(0);
    expect(await row('Total').textContent()).toBe(formatMoney(total));
  });

  test(
    'a flaky network losing 30 % of requests and 30 % of answers: 50 random adds, quantity changes and removals land exactly once',
    async () => {
      const seed = Number(process.env.CART_OUTBOX_SEED) || Math.floor(Math.random() * 2 ** 31);
      // Two generators: the changes made stay the same for a seed however often the network retries.
      // Seeded, so a failing run can be replayed from its seed.
      const choose = mulberry32(seed);
      const network = mulberry32(seed ^ 0x5bd1e995);

      const context = await newContext();
      // Real time flows; the drain below jumps over the outbox's back-off waits (up to 8 s each).
      await context.clock.install();
      const lossy = { dropped: 0, lost: 0 };
      await context.route(/\/api\/v1\/cart/, async (route: Route) => {
        if (route.request().method() === 'GET') return route.continue();
        const roll = network();
        try {
          if (roll < 0.3) {
            lossy.dropped += 1;
            return await route.abort('failed');
          }
          const response = await route.fetch();
          // Of the requests that reached the server, 30 % lose their answer on the way back.
          if (roll < 0.3 + 0.7 * 0.3) {
            lossy.lost += 1;
            return await route.abort('failed');
          }
          return await route.fulfill({ response });
        } catch {
          // The page went away while the request was out (a navigation): the outbox sends it again.
        }
      });
      const page = await context.newPage();

      /** What the shopper has asked for: variant id → quantity. */
      const model = new Map<string, number>();
      const made: string[] = [];
      onTestFailed(async () => {
        console.error(
          `Flaky-network cart test failed; replay it with CART_OUTBOX_SEED=${seed}.\n` +
            `Changes made: ${made.join(', ')}\nModel: ${JSON.stringify([...model])}\n` +
            `Requests dropped: ${lossy.dropped}, answers lost: ${lossy.lost}\n` +
            `Page: ${JSON.stringify(await cartState(page).catch(String))}`,
        );
      });
      const total = () => [...model.values()].reduce((sum, quantity) => sum + quantity, 0);
      const lineOf = (entry: ShelfEntry) =>
        page
          .locator('main li')
          .filter({ has: page.getByRole('link', { name: entry.product.name, exact: true }) })
          .filter({ has: page.locator('dd').getByText(entry.variant.flavor.name, { exact: true }) })
          .filter({ has: page.locator('dd').getByText(entry.variant.size, { exact: true }) });
      let at: Product | 'cart' | null = null;
      /** The product page the cart page was opened from (Back returns to it). */
      let cameFrom: Product | null = null;

      // A full page load waits for the first page's data and code; moving around inside the app is
      // what a shopper does, and keeps the 50 changes quick.
      async function toCart() {
        if (at === 'cart') return;
        cameFrom = at;
        // The "added to your cart" toasts sit over the header's cart icon.
        const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
        while ((await dismiss.count()) > 0) {
          await dismiss.first().click({ timeout: 1000 }).catch(noop);
        }
        await page.getByTestId('cart-link').click();
        await page.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
        at = 'cart';
      }

      async function toProduct(target: Product) {
        if (at === target) return;
        if (at !== null) await toCart();
        const link = page.locator('main li').getByRole('link', { name: target.name, exact: true });
        if (cameFrom === target) await page.goBack();
        else if ((await link.count()) > 0) await link.first().click();
        else await page.goto(`/product/${target.slug}`);
        await page.getByRole('button', { name: 'Add to cart' }).waitFor();
        at = target;
      }

      async function add(entry: ShelfEntry) {
        await toProduct(entry.product);
        await addVariant(page, entry.variant);
        model.set(entry.variant._id, (model.get(entry.variant._id) ?? 0) + 1);
      }

      async function onCartPage(entry: ShelfEntry) {
        await toCart();
        const line = lineOf(entry);
        await line.waitFor();
        // The shopper acts on what the page shows: at no moment may it differ from the model.
        expect(await line.locator('output').textContent(), `seed ${seed}`).toBe(
          String(model.get(entry.variant._id)),
        );
        return line;
      }

      async function step(entry: ShelfEntry, by: 1 | -1) {
        const line = await onCartPage(entry);
        const name = by === 1 ? /^Increase quantity/ : /^Decrease quantity/;
        await line.getByRole('button', { name }).click();
        model.set(entry.variant._id, model.get(entry.variant._id)! + by);
        await poll(() => line.locator('output').textContent(), `seed ${seed}`).toBe(
          String(model.get(entry.variant._id)),
        );
      }

      async function remove(entry: ShelfEntry) {
        const line = await onCartPage(entry);
        await line.getByRole('button', { name: /^Remove/ }).click();
        model.delete(entry.variant._id);
        await poll(() => line.count(), `seed ${seed}`).toBe(0);
      }

      const label = ({ product: { slug }, variant }: ShelfEntry) =>
        `${slug} ${variant.flavor.name} ${variant.size}`;
      while (made.length < 50) {
        const inCart = shelf.filter((entry) => model.has(entry.variant._id));
        const pick = (list: ShelfEntry[]) => list[Math.floor(choose() * list.length)]!;
        const quantityOf = (entry: ShelfEntry) => model.get(entry.variant._id) ?? 0;
        const roll = choose();
        if (inCart.length === 0 || roll < 0.45) {
          const chosen = pick(shelf);
          if (quantityOf(chosen) >= 20) continue;
          await add(chosen);
          made.push(`add ${label(chosen)}`);
        } else if (roll < 0.7) {
          const chosen = pick(inCart);
          if (quantityOf(chosen) >= 20) continue;
          await step(chosen, 1);
          made.push(`+1 ${label(chosen)}`);
        } else if (roll < 0.85) {
          const chosen = pick(inCart);
          if (quantityOf(chosen) <= 1) continue;
          await step(chosen, -1);
          made.push(`-1 ${label(chosen)}`);
        } else {
          const chosen = pick(inCart);
          await remove(chosen);
          made.push(`remove ${label(chosen)}`);
        }
        await poll(() => badgeCount(page), `seed ${seed}, after ${made.at(-1)}`).toBe(total());
      }

      await toCart();
      await expect
        .poll(
          async () => {
            await context.clock.fastForward(8_000);
            return waitingText(page);
          },
          { timeout: 45_000, interval: 250, message: `the outbox drains (seed ${seed})` },
        )
        .toBe('');
      const expected = sorted([...model].map(([variantId, quantity]) => ({ variantId, quantity })));
      const actual = await serverCart(page);
      expect(actual, `seed ${seed}`).toEqual(expected);
      expect(new Set(actual.map((line) => line.variantId)).size).toBe(actual.length);
      await poll(() => badgeCount(page), `seed ${seed}`).toBe(total());
      expect(lossy.dropped, 'requests dropped').toBeGreaterThan(0);
      expect(lossy.lost, 'answers lost').toBeGreaterThan(0);
    },
    FLAKY_NETWORK_TEST_MS,
  );

  test('two tabs queue changes offline; each change lands once when the network returns', async () => {
    const context = await newContext();
    const tabA = await openProduct(context);
    const [first, second] = roomy as [Variant, Variant];
    // The guest cart exists before the tabs go offline, so both send to the same cart.
    await addVariant(tabA, first);
    // On the product page the header's dot is what says changes wait.
    await poll(() => tabA.getByTestId('cart-sync-dot').count()).toBe(0);
    await poll(async () => (await serverCart(tabA)).length).toBe(1);
    const tabB = await openProduct(context);

    await context.setOffline(true);
    await addVariant(tabA, first);
    await addVariant(tabB, second);
    await addVariant(tabB, second);
    await addVariant(tabA, second);
    await context.setOffline(false);

    await poll(async () => serverCart(tabA)).toEqual(
      sorted([
        { variantId: first._id, quantity: 2 },
        { variantId: second._id, quantity: 3 },
      ]),
    );
    await poll(() => badge(tabB)).toBe('5');
    await poll(() => badge(tabA)).toBe('5');
  });

  // Two tabs, two reloads with no network and a replay: 10-30 s on a busy two-core runner, and
  // once over the default 60 s while the whole browser suite ran beside it.
  test('two tabs restored offline with changes waiting: one replays each change once, and both show the synced cart without a reload', async () => {
    const context = await newContext();
    const tabA = await openProduct(context);
    const tabB = await openProduct(context);
    const [first, second] = roomy as [Variant, Variant];
    await addVariant(tabA, first);
    await poll(async () => (await serverCart(tabA)).length).toBe(1);
    await poll(() => badge(tabB)).toBe('1');
    // What both tabs show after a reload with no network comes from the persisted cache.
    await poll(() => persistedCartLines(tabA)).toEqual([{ variantId: first._id, quantity: 1 }]);

    await context.setOffline(true);
    await addVariant(tabA, first);
    await addVariant(tabB, second);
    await addVariant(tabB, second);
    await addVariant(tabA, second);
    // Stored (each tab shows the other's changes too) before the tabs go away.
    for (const tab of [tabA, tabB]) await poll(() => badge(tab)).toBe('5');
    // Each tab starts again with the four changes waiting, as a restored session would.
    for (const tab of [tabA, tabB]) {
      await tab.reload();
      await poll(() => badge(tab)).toBe('5');
      expect(await tab.getByTestId('cart-sync-dot').isVisible()).toBe(true);
    }

    const answered: string[] = [];
    for (const tab of [tabA, tabB]) {
      tab.on('response', (response) => {
        const request = response.request();
        if (
          request.method() !== 'GET' &&
          new URL(request.url()).pathname.startsWith('/api/v1/cart')
        ) {
          answered.push(request.headers()['idempotency-key'] ?? 'none');
        }
      });
    }
    await context.setOffline(false);

    await poll(async () => serverCart(tabA)).toEqual(
      sorted([
        { variantId: first._id, quantity: 2 },
        { variantId: second._id, quantity: 3 },
      ]),
    );
    // Neither tab is reloaded: the one that did not send shows the server's cart all the same.
    for (const tab of [tabA, tabB]) {
      await poll(() => tab.getByTestId('cart-sync-dot').count()).toBe(0);
      await poll(() => badge(tab)).toBe('5');
    }
    // One sender at a time: each change went out once (a second tab sending too would repeat it).
    expect(answered).toHaveLength(4);
    expect(new Set(answered).size).toBe(4);
  }, 90_000);

  test('a change the server refuses is rolled back with a toast saying why', async () => {
    const context = await newContext();
    const page = await openProduct(context);
    const [first] = roomy as [Variant];
    await addVariant(page, first);
    await poll(async () => (await serverCart(page)).length).toBe(1);
    await page.getByTestId('cart-link').click();
    const line = page.getByRole('listitem').filter({ hasText: first.flavor.name });
    await line.waitFor();

    // Another device empties the cart; this page still shows the line.
    await page.evaluate(async () => {
      const id = localStorage.getItem('guestCartId') ?? '';
      const headers = { 'x-guest-cart-id': id, 'x-requested-with': 'forge-storefront' };
      const cart = (await (await fetch('/api/v1/cart', { headers })).json()) as {
        data: { items: { itemId: string }[] };
      };
      for (const item of cart.data.items) {
        await fetch(`/api/v1/cart/items/${item.itemId}`, { method: 'DELETE', headers });
      }
    });

    await line.getByRole('button', { name: /^Increase quantity/ }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'That item is not in your cart.' });
    await poll(() => toast.count()).toBeGreaterThan(0);
    await poll(() => line.count()).toBe(0);
    await poll(() => waitingText(page)).toBe('');
  });
});
