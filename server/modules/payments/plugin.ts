import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './provider.ts';
import {
  createStripeClient,
  createStripeProvider,
  type StripeProvider,
} from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider in use: Stripe when it is configured, else the built-in test one. */
    payments: PaymentProvider;
    /** The same provider when it is Stripe (its webhook needs it), else null. */
    stripe: StripeProvider | null;
  }
}

export default fp(
  async function paymentsPlugin(app: FastifyInstance) {
    const { STRIPE_SECRET_KEY, STRIPE_API_URL } = app.config;
    const stripe = STRIPE_SECRET_KEY
      ? createStripeProvider(
          createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiUrl: STRIPE_API_URL }),
        )
      : null;
    app.decorate('stripe', stripe);
    app.decorate('payments', stripe ?? createTestProvider(app.db));
    app.log.info({ provider: stripe ? 'stripe' : 'test' }, 'payment provider');
  },
  { name: 'payments' },
);
