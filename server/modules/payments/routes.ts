import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OrderParams, PaymentResponse, TestPaymentConfirmBody } from '../../../contract/orders.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import idempotency from '../../plugins/idempotency.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import { findVisibleOrder } from '../orders/answers.ts';
import { paymentDto } from './completion.ts';
import type { ProviderPayment } from './provider.ts';
import { applyTestOutcome, ensureProviderPayment } from './service.ts';
import { actorOf } from '../orders/transitions.ts';
import { TEST_DECLINE_MESSAGES, testCardOutcome } from './test-provider.ts';

/**
 * The built-in test provider's "card network": the checkout's test card form posts here, and the
 * answer is the payment's new state, as Stripe.js reports a confirmation's outcome.
 */
export default async function paymentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app, { guests: true });
  await app.register(idempotency, { db: app.db });
  const { db } = app;

  app.post(
    '/payments/test/:orderId/confirm',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payments'],
        summary:
          "Pay an order with the built-in test provider (Stripe's test cards), or answer its authentication step",
        params: OrderParams,
        body: TestPaymentConfirmBody,
        response: { 200: PaymentResponse },
      },
    },
    async (request) => {
      if (app.payments.name !== 'test')
        throw notFound('not_found', 'The test payment provider is not in use.');
      const order = await findVisibleOrder(db, request.shopper, request.params.orderId);
      const payment = await ensureProviderPayment(db, app.payments, order.id);
      if (payment.status === 'succeeded')
        return { success: true as const, data: paymentDto(payment) };
      if (order.status !== 'pending_payment') {
        throw conflict(
          'order_not_awaiting_payment',
          'This order is no longer waiting for payment.',
          { status: order.status },
        );
      }
      const { body } = request;
      let outcome: Pick<ProviderPayment, 'status' | 'lastError' | 'card'>;
      if (body.authenticate !== undefined) {
        if (payment.status !== 'requires_action') {
          throw conflict(
            'payment_state_refused',
            'This payment is not waiting for authentication.',
            {
              status: payment.status,
            },
          );
        }
        outcome = body.authenticate
          ? { status: 'succeeded', lastError: null, card: null }
          : {
              status: 'requires_payment_method',
              lastError: TEST_DECLINE_MESSAGES.authenticationFailed,
              card: null,
            };
      } else {
        outcome = testCardOutcome({ cardNumber: body.cardNumber!, expiry: body.expiry! });
      }
      const settled = await applyTestOutcome(db, app.payments, {
        payment,
        outcome,
        userId: request.shopper._id,
        actor: actorOf(request.shopper, order),
      });
      return { success: true as const, data: paymentDto(settled) };
    },
  );
}
