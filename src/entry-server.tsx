/**
 * The server's side of rendering a page (built by `vite build --ssr` into dist-server/, loaded by
 * server/render). For one request: a router at the requested address with a query client of its
 * own loads the page's routes and their data (the API calls go in process, see setApiTransport),
 * then React renders the same tree as the browser into a stream. What the page's queries hold is
 * handed to the browser with the HTML (`queryState`), so its first render finds the same data and
 * hydrates the server's HTML instead of fetching and rendering again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, type Readable } from 'node:stream';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { type AnyRoute, createMemoryHistory } from '@tanstack/react-router';
import { getSsrStatus } from '@tanstack/react-router/ssr/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type Locale, localeOfPath } from '../contract/locale.ts';
import { App } from './app.tsx';
import { documentTitle } from './lib/document-title.ts';
import { loadI18n } from './lib/i18n/catalogs.ts';
import { createQueryClient } from './lib/query-client.ts';
import { pageHead, scriptSafeJson } from './page-head.ts';
import { type AppRouter, createAppRouter } from './router.tsx';

import { type ApiTransport, setApiTransport as setClientTransport } from './lib/api-client.ts';

/**
 * The language of the page each render is for. Renders of both languages run at once in one
 * process, so it cannot be the browser's module-wide setting: it follows each render's calls.
 */
const renderLocale = new AsyncLocalStorage<Locale>();

/**
 * How the pages' API calls reach the API (in process, server/render). Each call asks in its
 * page's language, so a French page reads the catalog's French.
 */
export function setApiTransport(next: ApiTransport): void {
  setClientTransport((url, init) => {
    const locale = renderLocale.getStore();
    if (!locale) return next(url, init);
    const headers = new Headers(init.headers);
    headers.set('accept-language', locale);
    return next(url, { ...init, headers });
  });
}

/** The title of a page whose routes declared none (index.html's too). */
const FALLBACK_TITLE = 'Builder Dashboard';

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The page's language, from its address (`/fr/...` is French). */
      locale: Locale;
      title: string;
      /** The head's other tags: description, canonical address, link previews, structured data. */
      head: string;
      /** The app's HTML, for inside `<div id="root">`; ends when React has rendered everything. */
      html: Readable;
      /** The query cache as JSON for the browser, complete once `html` has ended. */
      queryState: () => string;
    };

/**
 * The page's title. The server loads no route below a browser-only one (`ssr: false`, the account
 * pages) and gives those routes no head; their titles are fixed, so they are asked for here.
 */
function pageTitle(router: AppRouter): string {
  const matches = router.state.matches;
  const loaded = documentTitle(matches);
  const browserOnly = matches.findIndex((match) => match.ssr === false);
  if (browserOnly < 0 || matches.some((match) => match.error !== undefined)) {
    return loaded ?? FALLBACK_TITLE;
  }
  for (const match of matches.slice(browserOnly).reverse()) {
    try {
      const head = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[
        match.routeId
      ]?.options.head?.({
        matches,
        match,
        params: match.params,
        loaderData: undefined,
      } as never) as { meta?: { title?: string }[] } | undefined;
      const title = head?.meta?.find((entry) => entry.title)?.title;
      if (title) return title;
    } catch {
      // A head that needs loaded data has no title here.
    }
  }
  return loaded ?? FALLBACK_TITLE;
}

/**
 * How long a page waits, after its routes have loaded, for the requests its loaders started without
 * awaiting (the home page's rows, a product's suggestions), so the HTML holds them too.
 */
const SETTLE_LIMIT_MS = 3000;

/** Resolves once no query is fetching, or after `limitMs`. */
function settled(queryClient: QueryClient, limitMs: number): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}

/**
 * Renders the page at `href` (path and query), its addresses absolute on `origin`. `onRenderError` hears what fails inside the render
 * (a component that throws shows its error screen in the HTML; the browser renders it again).
 */
export function renderPage(
  href: string,
  options: { origin: string; onRenderError: (error: unknown) => void },
): Promise<RenderedPage> {
  const locale = localeOfPath(new URL(href, options.origin).pathname);
  return renderLocale.run(locale, () => renderIn(locale, href, options));
}

async function renderIn(
  locale: Locale,
  href: string,
  { origin, onRenderError }: { origin: string; onRenderError: (error: unknown) => void },
): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // One render, one answer: no retries, and no garbage-collection timers outliving the request.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, gcTime: Infinity },
  });
  const i18n = await loadI18n(locale);
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [href] }),
    i18n,
  });
  await router.load();
  const result = router._serverResult;
  if (result?.type === 'redirect') {
    queryClient.clear();
    const location = result.redirect.headers.get('location') ?? result.redirect.options.href ?? '/';
    return { kind: 'redirect', status: result.redirect.status || 307, location };
  }

  await settled(queryClient, SETTLE_LIMIT_MS);
  // A query still under way now renders without its data; the browser must start the same way, so
  // it is not handed over even if it ends during the render. A query a component starts while
  // rendering (suspending) renders with its data and is handed over.
  const unsettled = new Set(
    queryClient
      .getQueryCache()
      .findAll({ fetchStatus: 'fetching' })
      .map((query) => query.queryHash),
  );

  const status = getSsrStatus(router);
  const title = pageTitle(router);
  const html = new PassThrough();
  // Piped once everything is rendered: React then writes each suspended part in place, with none
  // of the inline scripts its out-of-order streaming needs (the Content-Security-Policy allows no
  // inline script). The document's head has gone out already (server/render/pages.ts), so the
  // browser fetches the styles, fonts and scripts meanwhile.
  const stream = renderToPipeableStream(
    <App router={router} queryClient={queryClient} i18n={i18n} />,
    {
      onAllReady() {
        stream.pipe(html);
      },
      // A finished part is written in place however large: React otherwise moves a big one (the
      // product page below the fold) after the rest, with an inline script to put it back.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError(error) {
        html.destroy(error instanceof Error ? error : new Error(String(error)));
      },
      onError: onRenderError,
    },
  );
  html.once('close', () => stream.abort());
  return {
    kind: 'page',
    status,
    locale,
    title,
    head: pageHead({
      origin,
      locale,
      status,
      pathname: router.state.location.pathname,
      search: router.state.location.searchStr,
      title,
      matches: router.state.matches,
      queryClient,
    }),
    html,
    queryState: () => {
      const state = scriptSafeJson(
        dehydrate(queryClient, {
          shouldDehydrateQuery: (query) =>
            query.state.status === 'success' && !unsettled.has(query.queryHash),
        }),
      );
      queryClient.clear();
      return state;
    },
  };
}
