/**
 * What the offline browser tests share: waiting for the service worker to control a page, and
 * reading the persisted query cache out of IndexedDB.
 */
import type { Page } from 'playwright-core';

/** Waits until the service worker is active and controls the page. */
export async function waitForWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * The persisted query cache as JSON text ('' when nothing is saved): English pages' by default,
 * another language's under its key (`query-client:fr-CA`).
 */
export function persistedCache(page: Page, key = 'query-client'): Promise<string> {
  return page.evaluate(
    (key) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('forge-query-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            resolve('');
            return;
          }
          const read = db.transaction('keyval').objectStore('keyval').get(key);
          read.onsuccess = () => {
            db.close();
            resolve(read.result ? JSON.stringify(read.result) : '');
          };
          read.onerror = () => reject(read.error);
        };
      }),
    key,
  );
}
