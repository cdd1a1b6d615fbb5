/**
 * A server-rendered page shows before React runs it, and a click in between does nothing. So every
 * page a test context opens waits, after each navigation, for the app's mark that React runs the
 * page (`data-hydrated` on <html>, src/routes/__root.tsx). A document that is no page of the app (an API
 * answer, a browser error page) does not wait; one whose app never starts passes after
 * HYDRATION_WAIT_MS.
 */
import type { BrowserContext, Page } from 'playwright-core';

const HYDRATION_WAIT_MS = 15_000;

const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;

export async function waitForHydration(page: Page): Promise<void> {
  // Not a page of the app (an API answer, robots.txt, a browser error page): nothing to wait for.
  const app = await page
    .evaluate(() => document.getElementById('root') !== null)
    .catch(() => false);
  if (!app) return;
  await page
    .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
      timeout: HYDRATION_WAIT_MS,
    })
    .catch(() => {});
}

function hydratingNavigations(page: Page): void {
  for (const name of NAVIGATIONS) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await waitForHydration(page);
        return response;
      },
    });
  }
}

/** Makes every page of `context`, opened now or later, wait for hydration after navigating. */
export function waitForHydrationOnNavigation(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) hydratingNavigations(page);
  context.on('page', hydratingNavigations);
  return context;
}
