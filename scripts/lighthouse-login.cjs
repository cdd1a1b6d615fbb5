/**
 * Lighthouse CI's puppeteerScript for the `/checkout` runs: signs the measured shopper in through
 * the login screen (the shop keeps who is signed in in local storage, next to the session
 * cookie), so Lighthouse then loads /checkout as that shopper. lhci runs it before every run;
 * once signed in (storage is kept between these runs) it only clears what the other pages'
 * runs never have: the service worker and its caches, so each run loads the page from the network
 * as a first visit does.
 */
const STORAGE_KEY = 'customer-root';

/** @param {import('puppeteer-core').Browser} browser @param {{ url: string }} context */
module.exports = async (browser, context) => {
  const { email, password } = JSON.parse(process.env.LIGHTHOUSE_SHOPPER ?? '{}');
  if (!email || !password) throw new Error('LIGHTHOUSE_SHOPPER names no shopper');
  const origin = new URL(context.url).origin;
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
    // The form signs in once the app runs it; before that a submit would be the browser's own.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', {
      timeout: 30_000,
    });
    const signedIn = () =>
      page.evaluate((key) => /"user":\{/.test(localStorage.getItem(key) ?? ''), STORAGE_KEY);
    if (await signedIn()) return;
    await page.type('form[aria-label="Sign in"] input[type=email]', email);
    await page.type('form[aria-label="Sign in"] input[type=password]', password);
    await page.click('form[aria-label="Sign in"] button[type=submit]');
    await page.waitForFunction(
      (key) => /"user":\{/.test(localStorage.getItem(key) ?? ''),
      { timeout: 30_000 },
      STORAGE_KEY,
    );
  } finally {
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) {
        await registration.unregister();
      }
      for (const name of await caches.keys()) await caches.delete(name);
    });
    await page.close();
  }
};
