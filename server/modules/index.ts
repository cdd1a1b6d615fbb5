import type { FastifyPluginAsync } from 'fastify';

/**
 * Every domain's routes, mounted under /api/v1. Each module is a Fastify plugin that declares
 * the zod schemas of its routes (so they appear in the OpenAPI document).
 */
export const apiModules: FastifyPluginAsync[] = [];
