import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './provider.ts';
import { createTestProvider } from './test-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider in use: Stripe when it is configured, else the built-in test one. */
    payments: PaymentProvider;
  }
}

export default fp(
  async function paymentsPlugin(app: FastifyInstance) {
    app.decorate('payments', createTestProvider(app.db));
  },
  { name: 'payments' },
);
