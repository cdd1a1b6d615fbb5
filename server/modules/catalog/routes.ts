import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BrandListResponse,
  CategoryListResponse,
  FlavorListResponse,
  DEFAULT_IMAGE_WIDTH,
  ImageParams,
  ImageQuery,
  ProductCollectionQuery,
  ProductDetailResponse,
  ProductIdentifierParams,
  ProductListResponse,
  SuggestedProductsQuery,
  TAXONOMY_NAMES,
  TaxonomyParams,
} from '../../../contract/catalog.ts';
import { sendConditional } from '../../lib/conditional.ts';
import { ErrorResponse, notFound } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { loadImage } from './image-service.ts';
import { rasterize } from './raster.ts';
import { CatalogReadCache } from './read-cache.ts';
import {
  getProductDetail,
  listBrands,
  listCategories,
  listCollection,
  listFlavors,
  listSuggestedProducts,
} from './service.ts';

/**
 * Catalog answers are public: browsers, the service worker and a CDN may reuse them briefly and
 * serve a stale one while revalidating it (a 304 when the ETag still matches). Taxonomy changes
 * rarely; product pages and collections show stock, so they are reused for less time.
 */
const TAXONOMY_CACHE = 'public, max-age=60, stale-while-revalidate=600';
const PRODUCT_CACHE = 'public, max-age=30, stale-while-revalidate=300';

/**
 * The catalog looks the same to every visitor of one language: its answers may be cached, one
 * copy per language.
 */
const config = { publicAnswer: true, localized: true };

export default async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reads = new CatalogReadCache({ maxBytes: 64 * 1024 * 1024 });
  const unsubscribe = app.catalogChanges.subscribe((change) => reads.apply(change));
  app.addHook('onClose', async () => unsubscribe());

  const taxonomy = [
    { name: 'categories', response: CategoryListResponse, list: listCategories },
    { name: 'brands', response: BrandListResponse, list: listBrands },
    { name: 'flavors', response: FlavorListResponse, list: listFlavors },
  ] as const;
  for (const { name, response, list } of taxonomy) {
    app.get(
      `/taxonomy/${name}`,
      {
        config,
        schema: {
          tags: ['catalog'],
          summary: `All ${name}, sorted by name`,
          response: { 200: response },
        },
      },
      async (request, reply) => {
        // Taxonomy names change only with a taxonomy change, which drops every cached answer.
        const locale = requestLocale(request);
        const answer = await reads.get(`taxonomy:${name}:${locale}`, async () => ({
          body: JSON.stringify(response.parse({ success: true, data: await list(app.db, locale) })),
          dependsOn: [],
        }));
        return sendConditional(request, reply, answer!, TAXONOMY_CACHE);
      },
    );
  }

  // Any other taxonomy name: the fixed routes above take precedence over this parametric one.
  app.get(
    '/taxonomy/:name',
    { config, schema: { hide: true, params: TaxonomyParams, response: { 404: ErrorResponse } } },
    async (request) => {
      throw notFound(
        'not_found',
        `Unknown taxonomy "${request.params.name}": use ${TAXONOMY_NAMES.join(', ')}.`,
      );
    },
  );

  app.get(
    '/products',
    {
      config,
      schema: {
        tags: ['catalog'],
        summary: 'A home-page collection: top rated, newest or best selling',
        querystring: ProductCollectionQuery,
        response: { 200: ProductListResponse },
      },
    },
    async (request, reply) => {
      const { collection, limit } = request.query;
      const locale = requestLocale(request);
      // Any product's stock, rating or sales may move it into or out of a collection.
      const answer = await reads.get(`collection:${collection}:${limit}:${locale}`, async () => ({
        body: JSON.stringify(
          ProductListResponse.parse({
            success: true,
            data: await listCollection(app.db, collection, limit, locale),
          }),
        ),
        dependsOn: 'any',
      }));
      return sendConditional(request, reply, answer!, PRODUCT_CACHE);
    },
  );

  app.get(
    '/products/:identifier',
    {
      config,
      schema: {
        tags: ['catalog'],
        summary: 'One product with its variants, by slug or id',
        params: ProductIdentifierParams,
        response: { 200: ProductDetailResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { identifier } = request.params;
      const locale = requestLocale(request);
      const answer = await reads.get(`product:${identifier}:${locale}`, async () => {
        const product = await getProductDetail(app.db, identifier, locale);
        if (!product) return null;
        return {
          body: JSON.stringify(ProductDetailResponse.parse({ success: true, data: product })),
          dependsOn: [product._id],
        };
      });
      if (!answer) throw notFound('not_found', 'Product not found');
      return sendConditional(request, reply, answer, PRODUCT_CACHE);
    },
  );

  app.get(
    '/products/:identifier/suggested',
    {
      config,
      schema: {
        tags: ['catalog'],
        summary: 'Products related to one product (same categories or brand), in stock first',
        params: ProductIdentifierParams,
        querystring: SuggestedProductsQuery,
        response: { 200: ProductListResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { identifier } = request.params;
      const { limit } = request.query;
      const locale = requestLocale(request);
      // Any product's stock, rating, sales or categories may move it into or out of the list.
      const answer = await reads.get(`suggested:${identifier}:${limit}:${locale}`, async () => {
        const data = await listSuggestedProducts(app.db, identifier, limit, locale);
        if (!data) return null;
        return {
          body: JSON.stringify(ProductListResponse.parse({ success: true, data })),
          dependsOn: 'any',
        };
      });
      if (!answer) throw notFound('not_found', 'Product not found');
      return sendConditional(request, reply, answer, PRODUCT_CACHE);
    },
  );

  app.get(
    '/images/:kind/:slug/:file',
    {
      // A picture is the same in every language.
      config: { publicAnswer: true },
      schema: {
        tags: ['catalog'],
        summary: 'A generated image of a product, category, brand or flavor (PNG, or the SVG)',
        params: ImageParams,
        querystring: ImageQuery,
        produces: ['image/png', 'image/svg+xml'],
      },
    },
    async (request, reply) => {
      const { kind, slug, file } = request.params;
      const n = Number.parseInt(file, 10);
      const image = await loadImage(app.db, kind, slug, n);
      if (!image) throw notFound('not_found', 'Image not found');
      // A URL whose version matches what is drawn never changes; any other is served briefly.
      const current = request.query.v === image.version;
      reply
        .header(
          'cache-control',
          current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        )
        .header('x-content-type-options', 'nosniff');
      if (file.endsWith('.png')) {
        const width = request.query.w ?? DEFAULT_IMAGE_WIDTH;
        const png = await rasterize(`${kind}/${slug}/${n}?v=${image.version}`, image.svg, width);
        return reply.header('content-type', 'image/png').send(png);
      }
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(image.svg);
    },
  );
}
