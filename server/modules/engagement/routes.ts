import type { FastifyInstance } from 'fastify';

export default async function engagementRoutes(_app: FastifyInstance) {}
