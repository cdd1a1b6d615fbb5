import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateSavedAddressBody,
  SavedAddressParams,
  SavedAddressResponse,
  SavedAddressesResponse,
  UpdateSavedAddressBody,
} from '../../../contract/orders.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';

const tags = ['addresses'];

/** The shopper's saved addresses, offered at checkout. Each is its owner's alone (404 else). */
export default async function addressRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app);
  const { db } = app;

  app.get(
    '/user/addresses',
    {
      schema: {
        tags,
        summary: "The signed-in shopper's saved addresses, the default first",
        response: { 200: SavedAddressesResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      return { success: true as const, data: await listAddresses(db, user._id) };
    },
  );

  app.post(
    '/user/addresses',
    {
      schema: {
        tags,
        summary:
          'Save an address (the first, or one with isDefault, becomes the default); 409 past the limit',
        body: CreateSavedAddressBody,
        response: { 201: SavedAddressResponse },
      },
    },
    async (request, reply) => {
      const user = request.shopper;
      const data = await createAddress(db, user._id, request.body);
      reply.code(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/user/addresses/:addressId',
    {
      schema: {
        tags,
        summary: 'Change a saved address; isDefault: true makes it the default',
        params: SavedAddressParams,
        body: UpdateSavedAddressBody,
        response: { 200: SavedAddressResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const data = await updateAddress(db, user._id, request.params.addressId, request.body);
      return { success: true as const, data };
    },
  );

  app.delete(
    '/user/addresses/:addressId',
    {
      schema: {
        tags,
        summary: 'Delete a saved address (the oldest left becomes the default if it was)',
        params: SavedAddressParams,
        response: { 200: SavedAddressesResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      await deleteAddress(db, user._id, request.params.addressId);
      return { success: true as const, data: await listAddresses(db, user._id) };
    },
  );
}
