import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_HEADER } from '../../../contract/http.ts';
import { OrderParams, PaymentResponse, TEST_CARDS } from '../../../contract/orders.ts';
import {
  PaymentMethodParams,
  PaymentMethodSetupResponse,
  PayWithSavedMethodBody,
  SavePaymentMethodBody,
  SavedPaymentMethodResponse,
  SavedPaymentMethodsResponse,
} from '../../../contract/payment-methods.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { newToken } from '../../lib/tokens.ts';
import idempotency from '../../plugins/idempotency.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import { findVisibleOrder } from '../orders/answers.ts';
import { paymentDto } from './completion.ts';
import {
  findOwnSavedMethod,
  listSavedMethods,
  removeMethod,
  saveMethod,
  savedMethodsProvider,
  startSetup,
  stripeCustomerFor,
  testCardOfToken,
} from './saved-methods.ts';
import { applyTestOutcome, ensureProviderPayment, settlePayment } from './service.ts';
import { actorOf } from '../orders/transitions.ts';
import { testCardOutcome } from './test-provider.ts';

const tags = ['payment-methods'];

/**
 * The shopper's saved cards (each its owner's alone: anyone else's id is 404) and paying an
 * order with one. The shop never receives a card number: Stripe's Payment Element sends it to
 * Stripe, and the test provider's cards are picked by name.
 */
export default async function savedMethodRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app, { signedOut: 'Please sign in to manage your saved cards.' });
  await app.register(idempotency, { db: app.db });
  const { db } = app;
  const provider = savedMethodsProvider(app.payments, app.stripe);

  app.get(
    '/user/payment-methods',
    {
      schema: {
        tags,
        summary: "The signed-in shopper's saved cards: brand, last four digits and expiry",
        response: { 200: SavedPaymentMethodsResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      return { success: true as const, data: await listSavedMethods(db, user._id, provider.name) };
    },
  );

  app.post(
    '/user/payment-methods/setup',
    {
      schema: {
        tags,
        summary:
          "Start adding a card: Stripe's SetupIntent client secret, or the test provider's cards",
        response: { 200: PaymentMethodSetupResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      return { success: true as const, data: await startSetup(db, provider, user) };
    },
  );

  app.post(
    '/user/payment-methods',
    {
      schema: {
        tags,
        summary:
          'Keep the card just set up (Stripe: setupIntentId, read back from Stripe; test provider: testCard); 409 past the limit',
        body: SavePaymentMethodBody,
        response: { 200: SavedPaymentMethodResponse, 201: SavedPaymentMethodResponse },
      },
    },
    async (request, reply) => {
      const user = request.shopper;
      const { method, created } = await saveMethod(db, provider, user, request.body);
      reply.code(created ? 201 : 200);
      return { success: true as const, data: method };
    },
  );

  app.delete(
    '/user/payment-methods/:paymentMethodId',
    {
      schema: {
        tags,
        summary: 'Remove a saved card (Stripe: detached from the customer)',
        params: PaymentMethodParams,
        response: { 200: SavedPaymentMethodsResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      await removeMethod(db, provider, user._id, request.params.paymentMethodId);
      return { success: true as const, data: await listSavedMethods(db, user._id, provider.name) };
    },
  );

  app.post(
    '/orders/:orderId/payment/saved-method',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payments'],
        summary:
          "Pay the shopper's own order with one of their saved cards; the answer is the payment's new state",
        params: OrderParams,
        body: PayWithSavedMethodBody,
        response: { 200: PaymentResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const order = await findVisibleOrder(db, user, request.params.orderId);
      // Staff may see any order, but a card pays only its owner's.
      if (order.userId !== user._id) throw notFound('not_found', 'That order does not exist.');
      const method = await findOwnSavedMethod(
        db,
        user._id,
        provider.name,
        request.body.paymentMethodId,
      );
      const payment = await ensureProviderPayment(db, app.payments, order.id);
      if (payment.status === 'succeeded') {
        return { success: true as const, data: paymentDto(payment) };
      }
      if (order.status !== 'pending_payment') {
        throw conflict(
          'order_not_awaiting_payment',
          'This order is no longer waiting for payment.',
          { status: order.status },
        );
      }
      if (payment.status === 'processing' || payment.status === 'canceled') {
        throw conflict('payment_state_refused', 'This payment is already under way.', {
          status: payment.status,
        });
      }

      if (provider.name === 'test') {
        const choice = testCardOfToken(method.token);
        if (!choice) throw notFound('not_found', 'That saved card does not exist.');
        const expiry = `${String(method.expMonth).padStart(2, '0')}/${String(method.expYear % 100).padStart(2, '0')}`;
        const outcome = testCardOutcome({ cardNumber: TEST_CARDS[choice], expiry });
        const settled = await applyTestOutcome(db, app.payments, {
          payment,
          outcome,
          userId: user._id,
          actor: actorOf(user, order),
        });
        return { success: true as const, data: paymentDto(settled) };
      }

      const returnUrl = new URL('/checkout', app.config.publicOrigin);
      returnUrl.searchParams.set('orderId', order.id);
      const attempt = request.headers[IDEMPOTENCY_HEADER];
      const reading = await provider.stripe.payWithSavedMethod({
        reference: payment.reference!,
        customer: await stripeCustomerFor(db, user._id),
        paymentMethod: method.token,
        returnUrl: returnUrl.href,
        idempotencyKey: `pay-saved-${order.id}-${typeof attempt === 'string' ? attempt : newToken(12)}`,
      });
      const outcome = await settlePayment(db, app.payments, {
        provider: 'stripe',
        reading,
        actor: actorOf(user, order),
        actorId: user._id,
      });
      if (outcome.kind !== 'applied') throw notFound('not_found', 'That payment does not exist.');
      return { success: true as const, data: paymentDto(outcome.payment) };
    },
  );
}
