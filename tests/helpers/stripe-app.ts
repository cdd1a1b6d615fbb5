import type Stripe from 'stripe';
import { ensureProviderPayment } from '../../server/modules/payments/service.ts';
import {
  createStripeClient,
  type StripeProvider,
} from '../../server/modules/payments/stripe-provider.ts';
import { insertOrder, type FixtureOrder } from './order-fixture.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const STRIPE_TEST_SECRET_KEY = 'sk_test_standin';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_standin_signing_secret';

export interface StripeOrder extends FixtureOrder {
  /** Its PaymentIntent's id at Stripe. */
  intent: string;
}

/**
 * The shop configured for Stripe, with the real SDK talking to a local stand-in, and what tests
 * do with it: place orders, pay as the shopper's browser would.
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
}

export async function createStripeTestApp(
  env: Record<string, string> = {},
): Promise<StripeTestApp> {
  const standIn = await startStripeStandIn();
  const t = await createTestApp({
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
  };
}
