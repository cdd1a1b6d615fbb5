import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SearchProductsQuery,
  SearchProductsResponse,
  SuggestQuery,
  SuggestResponse,
} from '../../../contract/search.ts';
import { LOCALES, type Locale } from '../../../contract/locale.ts';
import { requestLocale } from '../../lib/locale.ts';
import { MemoryProductIndex } from './memory-index.ts';
import {
  forgetAnswers,
  openSearch,
  searchProductsJson,
  suggestJson,
  type SearchState,
} from './service.ts';

/**
 * Sends an answer the service serialised itself (its parts were checked against the contract
 * when the index was built): bytes with a JSON content type skip Fastify's serialiser.
 */
function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Search in each of the shop's languages: an index of the catalog's texts in that language, with
 * its own words to correct to, answers a request in its language (the same products, prices and
 * stock in both).
 */
export default async function searchRoutes(app: FastifyInstance) {
  const indexes = LOCALES.map((locale) => new MemoryProductIndex(app.db, locale));
  const all = indexes.map((index) =>
    openSearch(index, { answerTtlMs: app.config.SEARCH_CACHE_SECONDS * 1000 }),
  );
  const searches = Object.fromEntries(LOCALES.map((locale, i) => [locale, all[i]!])) as Record<
    Locale,
    SearchState
  >;
  const unsubscribe = app.catalogChanges.subscribe((change) => {
    indexes.forEach((index) => index.apply(change));
    all.forEach(forgetAnswers);
  });
  // Loading starts as the server starts, without holding it up (a large catalog takes longer
  // than Fastify grants a hook): searches arriving meanwhile wait for it; a failed load is
  // retried by the next search. One language after the other, so the start reads the catalog
  // no faster than it did for one.
  app.addHook('onReady', async () => {
    void (async () => {
      for (const index of indexes) {
        await index
          .load()
          .catch((err: unknown) => app.log.error({ err }, 'search index load failed'));
      }
    })();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await Promise.all(all.map((search) => search.index.close()));
  });
  const searchFor = (request: FastifyRequest) => searches[requestLocale(request)];
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/search/suggest',
    {
      config: { publicAnswer: true, localized: true },
      schema: {
        tags: ['search'],
        summary: 'Suggestions while typing: products, categories, brands and flavors',
        querystring: SuggestQuery,
        response: { 200: SuggestResponse },
      },
    },
    async (request, reply) =>
      sendJson(reply, await suggestJson(searchFor(request), request.query.q)),
  );

  api.get(
    '/search/products',
    {
      config: { publicAnswer: true, localized: true },
      schema: {
        tags: ['search'],
        summary: 'Product search and filtered listings, with facets',
        description:
          'Without `search` this is the filtered listing behind the category, brand and flavor ' +
          'pages. Array filters are comma-joined slugs; prices are cents.',
        querystring: SearchProductsQuery,
        response: { 200: SearchProductsResponse },
      },
    },
    async (request, reply) =>
      sendJson(reply, await searchProductsJson(searchFor(request), request.query)),
  );
}
