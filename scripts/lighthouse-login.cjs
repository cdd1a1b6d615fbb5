/**
 * Lighthouse CI's puppeteerScript for the `/checkout` runs: signs the measured shopper in through
 * the login screen (the shop keeps who is signed in in local storage, next to the session
 * cookie), so Lighthouse then loads /checkout as that shopper. lhci runs it before every run;
 * once signed in (storage is kept between these runs) it only clears what the other pages'
 * runs never have: the service worker and its caches, so each run loads the page from the network
 * as a first visit does.
 *
 * Before signing in it closes the discount-code offer, as the shopper it stands for has: the offer
 * is a modal that opens 3 s into a first visit, so anyone who put products in a cart through the
 * shop closed it, and it stays closed for them. Left open, it opened 3.5 s into the measured
 * checkout, over a page already complete, and Lighthouse counted it as the page's last paint.
 */
const STORAGE_KEY = 'customer-root';
const OFFER_SEEN_KEY = 'hasSeenCouponPopup';
/** The offer's title, which names its dialog. */
const OFFER_TITLE = 'Unlock 10% off your order';
/** The offer opens 3 s after the app starts; the app starts once the first view has painted. */
const OFFER_WAIT_MS = 15_000;

/** @param {import('puppeteer-core').Browser} browser @param {{ url: string }} context */
module.exports = async (browser, context) => {
  const { email, password } = JSON.parse(process.env.LIGHTHOUSE_SHOPPER ?? '{}');
  if (!email || !password) throw new Error('LIGHTHOUSE_SHOPPER names no shopper');
  const origin = new URL(context.url).origin;
  const page = await browser.newPage();
  try {
    const hydrated = () =>
      page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', {
        timeout: 30_000,
      });
    const toLogin = async () => {
      await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
      // The form signs in once the app runs it; before that a submit would be the browser's own.
      await hydrated();
    };
    await toLogin();
    const offerSeen = () =>
      page.evaluate((key) => localStorage.getItem(key) !== null, OFFER_SEEN_KEY);
    if (!(await offerSeen())) {
      // The offer opens in the shop's frame (the sign-in screens have their own).
      await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
      const close = await page.waitForFunction(
        (title) => {
          for (const dialog of document.querySelectorAll('[role=dialog]')) {
            const label = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
            if (label?.textContent?.includes(title)) {
              return dialog.querySelector('button[aria-label="Close"]');
            }
          }
          return null;
        },
        { timeout: OFFER_WAIT_MS },
        OFFER_TITLE,
      );
      await close.evaluate((button) => /** @type {HTMLElement} */ (button).click());
      await page.waitForFunction(
        (key) => localStorage.getItem(key) !== null,
        { timeout: 30_000 },
        OFFER_SEEN_KEY,
      );
      await toLogin();
    }
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
