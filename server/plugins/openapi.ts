import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Collects every route's zod schemas into one OpenAPI document, served by `openApiRoute`. */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Forge Nutrition API',
        description: 'The storefront API of Forge Nutrition. Money is integer cents, CAD.',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
});

export async function openApiRoute(app: FastifyInstance) {
  app.get('/openapi.json', { config: { publicAnswer: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
