import type { FastifyInstance } from 'fastify';

export default async function catalogRoutes(_app: FastifyInstance) {}
