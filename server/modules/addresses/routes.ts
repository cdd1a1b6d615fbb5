import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SavedAddressesResponse } from '../../../contract/orders.ts';
import { unauthorized } from '../../lib/errors.ts';
import { listAddresses } from './service.ts';

/** The shopper's saved addresses, offered at checkout. */
export default async function addressRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/user/addresses',
    {
      schema: {
        tags: ['addresses'],
        summary: "The signed-in shopper's saved addresses, the default first",
        response: { 200: SavedAddressesResponse },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return { success: true as const, data: await listAddresses(app.db, request.user._id) };
    },
  );
}
