import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SearchProductsQuery,
  SearchProductsResponse,
  SuggestQuery,
  SuggestResponse,
} from '../../../contract/search.ts';
import { MemoryProductIndex } from './memory-index.ts';
import { forgetAnswers, openSearch, searchProductsJson, suggestJson } from './service.ts';

/**
 * Sends an answer the service serialised itself (its parts were checked against the contract
 * when the index was built): bytes with a JSON content type skip Fastify's serialiser.
 */
function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}

export default async function searchRoutes(app: FastifyInstance) {
  const index = new MemoryProductIndex(app.db);
  const search = openSearch(index, {
    answerTtlMs: app.config.SEARCH_CACHE_SECONDS * 1000,
  });
  const unsubscribe = app.catalogChanges.subscribe((change) => {
    index.apply(change);
    forgetAnswers(search);
  });
  // Loading starts as the server starts, without holding it up (a large catalog takes longer
  // than Fastify grants a hook): searches arriving meanwhile wait for it; a failed load is
  // retried by the next search.
  app.addHook('onReady', async () => {
    index.load().catch((err: unknown) => app.log.error({ err }, 'search index load failed'));
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await index.close();
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/search/suggest',
    {
      config: { publicAnswer: true },
      schema: {
        tags: ['search'],
        summary: 'Suggestions while typing: products, categories, brands and flavors',
        querystring: SuggestQuery,
        response: { 200: SuggestResponse },
      },
    },
    async (request, reply) => sendJson(reply, await suggestJson(search, request.query.q)),
  );

  api.get(
    '/search/products',
    {
      config: { publicAnswer: true },
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
    async (request, reply) => sendJson(reply, await searchProductsJson(search, request.query)),
  );
}
