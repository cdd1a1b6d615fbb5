/**
 * Pages rendered on the server: every GET of a page address answers the page itself in HTML —
 * rendered by the same routes and components as the browser (dist-server/entry-server.js, built by
 * `vite build --ssr`), poured into the PWA's index.html — with the status the page has (404 for
 * an unknown product or address). The browser then hydrates it into the app.
 *
 * A page is in its address's language (`/fr/...` is French, contract/locale.ts): its `<html lang>`
 * and its `Content-Language` say which.
 *
 * The route-preload script's tag names the page's own route code and messages
 * (first-page-files.ts), which the script preloads once the page has painted.
 *
 * The page's API calls go in process: `inject` runs them through the same routes, validation and
 * services as a browser's request, without a network hop. Nothing of the visitor's session
 * reaches them: a server-rendered page is the same for everyone.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../contract/html.ts';
import { isLocale, LOCALES, type Locale, localeOfPath } from '../../contract/locale.ts';
import { etagOf, matchesIfNoneMatch } from '../lib/conditional.ts';
import { NO_CACHE } from '../plugins/cache-policy.ts';
import { FIRST_PAGES_FILE, type FirstPages, pageFiles, withPageFiles } from './first-page-files.ts';
import { negotiateCoding, PageBytes } from './page-bytes.ts';
import { PageCache } from './page-cache.ts';
import type * as EntryServer from '../../src/entry-server.tsx';

/**
 * What dist-server/entry-server.js exports: the types of its source (a type import only; the
 * server loads the built module at run time).
 */
type ServerEntry = Pick<typeof EntryServer, 'renderPage' | 'setApiTransport'>;

/** The element the browser reads the server's query cache from (src/main.tsx). */
export const QUERY_STATE_ID = 'forge-query-state';

export interface PageRenderer {
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** How long a browser or shared cache may keep a page before asking again: a minute. */
export const PAGE_MAX_AGE_S = 60;
/** How long past that a cache may still answer with its copy while it fetches the next one. */
export const PAGE_STALE_WHILE_REVALIDATE_S = 600;
/**
 * A rendered page is the same for every visitor (nothing of a session reaches it), so any cache
 * may keep it; stock and prices a minute old are corrected by the browser's own fetch after
 * hydration, as for any page it shows from its cache.
 */
export const PAGE_CACHE_CONTROL = `public, max-age=${PAGE_MAX_AGE_S}, stale-while-revalidate=${PAGE_STALE_WHILE_REVALIDATE_S}`;

/** When each query was read and handed over: all that differs between two renders of one page. */
const READ_TIMES = /"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g;

/**
 * A page's validator: its HTML, without the times its data was read, so a page rendered again
 * from unchanged data keeps its ETag and a cache that holds it gets a 304.
 */
export function pageEtag(document: string): string {
  return etagOf(document.replace(READ_TIMES, '"$1":0'));
}

/**
 * The PWA's shell (index.html), which starts the app and renders the page in the browser: for a
 * page address without a server build, and when a render failed. Re-checked on every use, as a new
 * release changes it.
 */
export function sendShell(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', NO_CACHE).type('text/html').sendFile('index.html');
}

/** What a render comes to: a page, a redirect, or the shell when rendering failed. */
type Rendered =
  | { kind: 'page'; status: number; locale: Locale; bytes: PageBytes; etag: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'shell' };

/**
 * index.html cut where the page goes: before the title (in each language: it holds `<html lang>`),
 * between title and app, after the app.
 */
interface Template {
  beforeTitle: Record<Locale, string>;
  beforeApp: string;
  afterApp: string;
}

const TITLE = /<title>[^<]*<\/title>/;
/** The root element and the boot frame inside it, painted while a shell-only page starts. */
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
/** index.html's message for browsers without JavaScript: a rendered page works without it. */
const NOSCRIPT = /\s*<noscript\b[\s\S]*?<\/noscript\s*>/;
/** index.html's description of the shop: each page says its own. */
const DESCRIPTION = /\s*<meta\s+name="description"[^>]*>/;
/** The document's start tag, and the language it names if any. */
const HTML_START = /<html\b[^>]*>/i;
const LANG = /\slang\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i;

/**
 * `html` with its `<html>` start tag naming `locale` as its language, in place of whatever
 * index.html says (the shell's own, for a page whose language it cannot know).
 */
export function withDocumentLanguage(html: string, locale: Locale): string {
  return html.replace(HTML_START, (tag) => {
    const bare = tag.replace(LANG, '');
    return `${bare.slice(0, '<html'.length)} lang="${locale}"${bare.slice('<html'.length)}`;
  });
}

function readTemplate(indexHtml: string): Template {
  const html = indexHtml.replace(NOSCRIPT, '').replace(DESCRIPTION, '');
  const title = TITLE.exec(html);
  const root = ROOT.exec(html);
  if (!title || !root || root.index < title.index) {
    throw new Error('index.html has no <title> before its <div id="root">…</div>');
  }
  const beforeTitle = html.slice(0, title.index);
  if (!HTML_START.test(beforeTitle)) throw new Error('index.html has no <html> before its <title>');
  return {
    beforeTitle: Object.fromEntries(
      LOCALES.map((locale) => [locale, withDocumentLanguage(beforeTitle, locale)]),
    ) as Record<Locale, string>,
    beforeApp: html.slice(title.index + title[0].length, root.index) + '<div id="root">',
    afterApp: html.slice(root.index + root[0].length),
  };
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

function headersOf(raw: Record<string, unknown>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, String(item));
    else if (value !== undefined) headers.set(name, String(value));
  }
  return headers;
}

/**
 * The renderer, or null when there is no server build (the API tests, a fresh checkout before
 * `npm run build`): then the PWA's shell answers page addresses as before.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  { distDir, serverDir, origin }: { distDir: string; serverDir: string; origin: string },
): Promise<PageRenderer | null> {
  const entryFile = path.join(serverDir, 'entry-server.js');
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(entryFile) || !existsSync(indexFile)) return null;
  const template = readTemplate(readFileSync(indexFile, 'utf8'));
  const firstPagesFile = path.join(distDir, FIRST_PAGES_FILE);
  // Without it a page names nothing: the app then finds its messages in the message table.
  const firstPages = existsSync(firstPagesFile)
    ? (JSON.parse(readFileSync(firstPagesFile, 'utf8')) as FirstPages)
    : undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;

  entry.setApiTransport(async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET')
      throw new Error(`A server-rendered page may only read (${method} ${url})`);
    // The page's language goes with the call (entry-server.tsx); nothing of the visitor's does.
    const language = new Headers(init.headers).get('accept-language');
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...(language ? { 'accept-language': language } : {}) },
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: headersOf(answer.headers),
    });
  });

  const render = async (request: FastifyRequest): Promise<Rendered> => {
    let page: Awaited<ReturnType<ServerEntry['renderPage']>>;
    try {
      page = await entry.renderPage(request.url, {
        origin,
        onRenderError: (error) =>
          request.log.error({ err: error }, 'a page failed while rendering on the server'),
      });
    } catch (err) {
      // The shell still starts the app, which renders the page (or its error) in the browser.
      request.log.error({ err }, 'a page could not be rendered on the server: sent the shell');
      return { kind: 'shell' };
    }
    if (page.kind === 'redirect') return page;
    // A server build older than the locales names none: the address says it as well.
    const locale = isLocale(page.locale) ? page.locale : localeOfPath(pathOf(request));
    // The whole page is rendered before its first byte is sent: its ETag is a hash of it, and
    // React's HTML arrives only once every part is ready anyway (no inline scripts to stream).
    const chunks: Buffer[] = [];
    // Decoded once whole: a chunk may end inside a character of more than one byte.
    for await (const chunk of page.html) chunks.push(Buffer.from(chunk as Uint8Array));
    const head = `${template.beforeTitle[locale]}<title>${escapeHtml(page.title)}</title>${page.head}${template.beforeApp}`;
    const document =
      (firstPages ? withPageFiles(head, pageFiles(firstPages, pathOf(request), locale)) : head) +
      Buffer.concat(chunks).toString('utf8') +
      `</div><script id="${QUERY_STATE_ID}" type="application/json">${page.queryState()}</script>` +
      template.afterApp;
    return {
      kind: 'page',
      status: page.status,
      locale,
      bytes: new PageBytes(document),
      etag: pageEtag(document),
    };
  };

  const cache = new PageCache<Rendered>({
    ttlMs: app.config.PAGE_CACHE_SECONDS * 1000,
    sizeOf: (rendered) => (rendered.kind === 'page' ? rendered.bytes.identity.length : 0),
  });
  const unsubscribe = app.catalogChanges.subscribe(() => cache.catalogChanged());
  app.addHook('onClose', async () => unsubscribe());
  const cacheable = (rendered: Rendered) => rendered.kind === 'page' && rendered.status === 200;

  return {
    async send(request, reply) {
      const rendered = await cache.get(request.url, () => render(request), cacheable);
      if (rendered.kind === 'shell') {
        return sendShell(reply);
      }
      if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
      reply
        .type('text/html; charset=utf-8')
        .header('content-language', rendered.locale)
        .code(rendered.status);
      if (rendered.status !== 200) {
        return reply.header('cache-control', NO_CACHE).send(rendered.bytes.identity);
      }
      reply.header('etag', rendered.etag).header('cache-control', PAGE_CACHE_CONTROL);
      if (matchesIfNoneMatch(request.headers['if-none-match'], rendered.etag)) {
        return reply.code(304).send();
      }
      // Sent in the coding the browser takes, compressed once per kept page (page-bytes.ts); the
      // compression plugin leaves an answer that already has a Content-Encoding alone.
      reply.header('vary', 'accept-encoding');
      const coding = negotiateCoding(request.headers['accept-encoding']);
      if (!coding) return reply.send(rendered.bytes.identity);
      return reply.header('content-encoding', coding).send(await rendered.bytes.encode(coding));
    },
  };
}
