/**
 * The PWA's entry: fonts and global styles, the persisted customer state, the page's language
 * (its address says which), the query client and the router (src/router.tsx; scroll to top on every path change).
 *
 * A page the server rendered (its HTML holds the page and, in #forge-query-state, the queries it
 * was rendered from) is hydrated: the browser renders the same tree over the server's HTML and
 * takes it over. A page without it (the service worker's app shell) is rendered here from scratch.
 */
import './styles/global.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { localeOfPath, pathWithoutLocale } from '../contract/locale.ts';
import { App } from './app.tsx';
import { startCartOutbox } from './features/cart/api/index.ts';
import { setRequestLocale } from './lib/api-client.ts';
import { startOfflineSupport } from './lib/pwa/start.ts';
import { queryClient } from './lib/query-client.ts';
import { loadI18n } from './lib/i18n/catalogs.ts';
import { nextTask } from './lib/next-task.ts';
import { createAppRouter } from './router.tsx';
import { hydrateCustomer } from './stores/customer.ts';

/** Where the server leaves the queries a page was rendered from (server/render/pages.ts). */
const QUERY_STATE_ID = 'forge-query-state';

hydrateCustomer();

/** The document's language, from its address; its catalog starts loading at once. */
const documentLocale = localeOfPath(window.location.pathname);
const translating = loadI18n(documentLocale, pathWithoutLocale(window.location.pathname));
// The API writes mails and documents in the language of the page that asked.
setRequestLocale(documentLocale);

/**
 * How long the first render waits for the first page (its code and data) when there is no server
 * HTML. Within it the page is rendered once, complete, as a time-sliced transition, instead of as a
 * frame first and then, in one long task, again when its data arrives; past it (a slow network) the
 * frame is shown and the page follows as usual. It counts from start, so a restore of the saved
 * cache that ran into its time-out is not followed by more waiting.
 */
const FIRST_PAGE_WAIT_MS = 2500;

/**
 * The server's queries, put in the cache over anything the saved cache restored for the same keys:
 * the first render must show what the server's HTML shows. Returns whether there were any.
 */
function takeServerQueries(): boolean {
  const element = document.getElementById(QUERY_STATE_ID);
  if (!element?.textContent) return false;
  try {
    const state = JSON.parse(element.textContent) as Parameters<typeof hydrate>[1];
    for (const query of state.queries ?? [])
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    hydrate(queryClient, state);
    return true;
  } catch (err) {
    console.warn('The page’s data from the server could not be read.', err);
    return false;
  }
}

/**
 * Not top-level await: the route chunks import shared code from this entry module, and a
 * dynamic import of them waits until this module has finished evaluating — awaiting the first
 * page here would wait for itself until the time-out.
 */
async function start(): Promise<void> {
  const startedAt = performance.now();
  // The start runs in tasks of its own, apart from the entry's evaluation and from the router's
  // construction: each is some 30–90 ms on a slow phone, and back to back in one task they would
  // hold off input (and count as blocking time) as one.
  await nextTask();
  await startOfflineSupport(queryClient, documentLocale);
  const i18n = await translating;
  document.documentElement.lang = i18n.locale;
  const router = createAppRouter(queryClient, { i18n });
  await nextTask();
  router.subscribe('onResolved', (event) => {
    if (event.pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  });
  const serverRendered = takeServerQueries();
  // Cart changes an earlier visit could not send go out now (not awaited: the page need not wait).
  startCartOutbox(queryClient, i18n).catch((err: unknown) =>
    console.warn('The cart outbox could not start.', err),
  );
  const root = document.getElementById('root');
  if (!root) return;

  if (serverRendered) {
    const renderedAt = router.state.location.href;
    // Every route's code and data of the page must be here before hydrating, or the first render
    // would differ from the server's HTML; the data is, the code is a few cached chunks.
    await router.load().catch((err: unknown) => console.error(err));
    // A guard that sent the shopper elsewhere (a signed-out visit to an account page) leaves a
    // different page to show: it is rendered afresh.
    if (router.state.location.href === renderedAt) {
      // The router renders a server-rendered page's tree (no suspense boundaries of its own at
      // the root) only when it knows the page came from the server.
      router.ssr = { manifest: undefined };
      // Hydrating in a transition lets React do it in slices, each short enough to leave the main
      // thread free for input in between; outside one it is a single long task. Nothing can update
      // the tree before it commits (stores and the router are subscribed to once it has).
      startTransition(() => {
        hydrateRoot(root, <App router={router} queryClient={queryClient} i18n={i18n} />);
      });
      return;
    }
    root.replaceChildren();
  } else {
    await Promise.race([
      router.load().catch((err: unknown) => console.error(err)),
      new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, startedAt + FIRST_PAGE_WAIT_MS - performance.now())),
      ),
    ]);
  }

  const reactRoot = createRoot(root);
  // A transition lets React render the first page in slices that leave the main thread free for
  // input in between, instead of one long task on a slow phone.
  startTransition(() => {
    reactRoot.render(<App router={router} queryClient={queryClient} i18n={i18n} />);
  });
}

void start();
