import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { sendConditional } from '../../lib/conditional.ts';
import { notFound } from '../../lib/errors.ts';
import { Expiring } from './expiring.ts';
import { robotsTxt } from './robots.ts';
import { SITEMAP_MAX_URLS } from './service.ts';
import { SitemapSet, withEtag } from './sitemap-set.ts';
import { SITEMAP_SOURCES } from './sources.ts';

/**
 * How long built sitemaps are reused, in this process and by crawlers and caches (max-age):
 * crawlers fetch every child at once, and a new product may wait this long to be listed.
 */
export const SITEMAP_CACHE_MS = 5 * 60_000;

/** robots.txt changes only with the configuration; crawlers re-read it about daily anyway. */
const ROBOTS_MAX_AGE_SECONDS = 24 * 60 * 60;

const XML_TYPE = 'application/xml; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

export interface SeoRouteOptions {
  /** URLs per child sitemap; a test lowers it to see the split. */
  maxUrls?: number;
  /** How long built sitemaps are reused. */
  cacheMs?: number;
  /** Time source of that reuse; a test moves it. */
  clock?: Clock;
}

/**
 * robots.txt and the sitemaps, at the site's root (not under the API's prefix: crawlers look
 * for them there). Registered before the static files, whose catch-all they take precedence over.
 * Every address in them starts at the configured public origin, never at a request's Host.
 */
export default async function seoRoutes(app: FastifyInstance, opts: SeoRouteOptions = {}) {
  const origin = app.config.publicOrigin;
  const cacheMs = opts.cacheMs ?? SITEMAP_CACHE_MS;
  const cacheControl = `public, max-age=${Math.floor(cacheMs / 1000)}`;
  const sitemaps = new Expiring(
    () =>
      SitemapSet.build({
        db: app.db,
        sources: SITEMAP_SOURCES,
        origin,
        maxUrls: opts.maxUrls ?? SITEMAP_MAX_URLS,
      }),
    cacheMs,
    opts.clock ?? systemClock,
  );
  const robots = withEtag(robotsTxt(origin));
  const hide = { schema: { hide: true } };

  app.get('/robots.txt', hide, async (request, reply) =>
    sendConditional(request, reply, robots, `public, max-age=${ROBOTS_MAX_AGE_SECONDS}`, TEXT_TYPE),
  );

  app.get('/sitemap.xml', hide, async (request, reply) => {
    const { index } = await sitemaps.get();
    return sendConditional(request, reply, index, cacheControl, XML_TYPE);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', hide, async (request, reply) => {
    const child = (await sitemaps.get()).child(request.params.file);
    if (!child)
      throw notFound('not_found', `No sitemap ${request.params.file}: /sitemap.xml lists them.`);
    return sendConditional(request, reply, await child, cacheControl, XML_TYPE);
  });
}
