import type { FastifyInstance } from 'fastify';

export default async function cartRoutes(_app: FastifyInstance) {}
