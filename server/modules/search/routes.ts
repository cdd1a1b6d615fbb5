import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SearchProductsQuery,
  SearchProductsResponse,
  SuggestQuery,
  SuggestResponse,
} from '../../../contract/search.ts';
import { SearchService } from './service.ts';

export default async function searchRoutes(app: FastifyInstance) {
  const search = new SearchService(app.db, {
    answerTtlMs: app.config.SEARCH_CACHE_SECONDS * 1000,
  });
  app.addHook('onClose', async () => search.close());
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Suggestions while typing: products, categories, brands and flavors',
        querystring: SuggestQuery,
        response: { 200: SuggestResponse },
      },
    },
    async (request) => ({
      success: true as const,
      suggestions: await search.suggest(request.query.q),
    }),
  );

  api.get(
    '/search/products',
    {
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
    async (request) => ({
      success: true as const,
      ...(await search.searchProducts(request.query)),
    }),
  );
}
