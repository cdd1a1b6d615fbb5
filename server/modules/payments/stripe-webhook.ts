import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { STRIPE_WEBHOOK_PATH } from '../../lib/webhooks.ts';
import { processWebhookEvent, storeWebhookEvent } from './webhook-events.ts';

export { STRIPE_WEBHOOK_PATH };
const API_PREFIX = '/api/v1';

/** Stripe's events are small; a few hundred kilobytes is far more than any of them. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const SIGNATURE_MISSING = 'The Stripe-Signature header is missing.';
export const SIGNATURE_INVALID = 'The webhook signature is not valid.';

/**
 * POST /api/v1/payments/stripe/webhook (exempt from the browser CSRF/Origin checks): Stripe's events, proven by their signature over the raw
 * body. A verified event is stored first (once per event id) and acknowledged with 200; applying
 * it may wait (its order not placed yet) and is then retried by the order jobs. Without Stripe
 * configured there is no such route (404).
 */
export default async function stripeWebhookRoutes(app: FastifyInstance) {
  const stripe = app.stripe;
  const secret = app.config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) return;

  // The signature covers the exact bytes sent, so in this plugin (and only here) the body stays a
  // Buffer whatever its content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    STRIPE_WEBHOOK_PATH.slice(API_PREFIX.length),
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: "Stripe's payment events (signed; called by Stripe, not by the PWA)",
      },
    },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        return reply
          .code(400)
          .send({ success: false, message: SIGNATURE_MISSING, code: 'webhook_signature_invalid' });
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: Stripe.Event;
      try {
        event = stripe.client.webhooks.constructEvent(raw, signature, secret);
      } catch {
        request.log.warn('stripe webhook refused: bad signature');
        return reply
          .code(400)
          .send({ success: false, message: SIGNATURE_INVALID, code: 'webhook_signature_invalid' });
      }

      const stored = await storeWebhookEvent(app.db, 'stripe', event);
      if (!stored) {
        request.log.info({ eventId: event.id, type: event.type }, 'stripe event already stored');
        return { received: true, duplicate: true };
      }
      request.log.info({ eventId: event.id, type: event.type }, 'stripe event stored');
      // Stored, so acknowledged whatever happens next: a failure here is retried by the jobs.
      await processWebhookEvent(
        app.db,
        stripe,
        { provider: 'stripe', eventId: event.id, type: event.type, payload: event },
        request.log,
      );
      return { received: true };
    },
  );
}
