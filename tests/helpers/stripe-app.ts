import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type Stripe from 'stripe';
import { ORDER_MAIL_KINDS } from '../../server/modules/orders/mails.ts';
import { ensureProviderPayment } from '../../server/modules/payments/service.ts';
import {
  createStripeClient,
  type StripeProvider,
} from '../../server/modules/payments/stripe-provider.ts';
import { STRIPE_WEBHOOK_PATH } from '../../server/modules/payments/stripe-webhook.ts';
import { webhookEvents } from '../../server/modules/payments/tables.ts';
import { mailsTo } from './auth.ts';
import { insertOrder, readOrder, type FixtureOrder } from './order-fixture.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export const STRIPE_TEST_SECRET_KEY = 'sk_test_standin';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_standin_signing_secret';

export interface StripeOrder extends FixtureOrder {
  /** Its PaymentIntent's id at Stripe. */
  intent: string;
}

/**
 * The shop configured for Stripe, with the real SDK talking to a local stand-in, and what tests
 * do with it: place orders, pay as the shopper's browser would, deliver signed events.
 */
export interface StripeTestApp extends TestApp {
  standIn: StripeStandIn;
  stripe: StripeProvider;
  /** What the shopper's browser does through Stripe.js and the Payment Element. */
  browser: Stripe;
  /** An order awaiting payment whose PaymentIntent the shop has created at Stripe. */
  placeOrder(): Promise<StripeOrder>;
  /** The shopper confirms the payment in the Payment Element. */
  pay(intent: string, paymentMethod?: string): Promise<Stripe.PaymentIntent>;
  /** Stripe's signature header of a payload (with another secret: a forged one). */
  signature(payload: string, secret?: string): string;
  /** Stripe posts an event: server to server, no Origin, no cookie. `null`: no signature. */
  deliver(payload: string, signature?: string | null): Promise<LightMyRequestResponse>;
  /** An event of `type` carrying the PaymentIntent as it is now. */
  intentEvent(type: string, intent: string): string;
  storedEvent(eventId: string): Promise<typeof webhookEvents.$inferSelect | undefined>;
  confirmations(order: FixtureOrder): ReturnType<typeof mailsTo>;
  eventsOfType(order: FixtureOrder, type: string): Promise<{ type: string; note: string | null }[]>;
}

export const eventIdOf = (payload: string) => (JSON.parse(payload) as { id: string }).id;

export async function createStripeTestApp(
  env: Record<string, string> = {},
  prepare?: TestAppOptions['prepare'],
): Promise<StripeTestApp> {
  const standIn = await startStripeStandIn();
  const t = await createTestApp({
    ...(prepare ? { prepare } : {}),
    env: {
      STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      ORDER_JOBS_INTERVAL_MS: '0',
      MAIL_POLL_INTERVAL_MS: '0',
      ...env,
    },
  });
  const stripe = t.app.stripe!;
  const browser = createStripeClient({ secretKey: STRIPE_TEST_SECRET_KEY, apiUrl: standIn.url });
  const signature = (payload: string, secret = STRIPE_TEST_WEBHOOK_SECRET) =>
    stripe.client.webhooks.generateTestHeaderString({ payload, secret });

  return {
    ...t,
    standIn,
    stripe,
    browser,
    async close() {
      await t.close();
      await standIn.stop();
    },
    async placeOrder() {
      const order = await insertOrder(t.db, { provider: 'stripe' });
      const payment = await ensureProviderPayment(t.db, t.app.payments, order.id);
      return { ...order, intent: payment.reference! };
    },
    pay: (intent, paymentMethod = 'pm_card_visa') =>
      browser.paymentIntents.confirm(intent, { payment_method: paymentMethod }),
    signature,
    deliver: (payload, stripeSignature = signature(payload)) =>
      t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(stripeSignature === null ? {} : { 'stripe-signature': stripeSignature }),
        },
        payload,
      }),
    intentEvent: (type, intent) => standIn.event(type, standIn.intent(intent)),
    async storedEvent(eventId) {
      const [row] = await t.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventId, eventId)));
      return row;
    },
    confirmations: (order) => mailsTo(t.db, order.email, ORDER_MAIL_KINDS.paid),
    eventsOfType: async (order, type) =>
      (await readOrder(t.db, order.id)).events.filter((event) => event.type === type),
  };
}
