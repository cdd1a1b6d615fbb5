import Stripe from 'stripe';
import type { PaymentStatus } from '../../../contract/orders.ts';
import {
  ProviderRefusal,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './provider.ts';

/** Stripe as the shop uses it: the provider, plus what only the webhook and jobs need. */
export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** The SDK client (webhook signature checks). */
  readonly client: Stripe;
  /** Every refund of a PaymentIntent, each by its `re_…` id (so a refund is counted once). */
  listRefunds(reference: string): Promise<ProviderRefund[]>;
  /** A new Stripe Customer for a shopper (the key makes a retry find the same one). */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** A SetupIntent that saves a card on `customer` for later payments. */
  createSetupIntent(customer: string): Promise<{ id: string; clientSecret: string }>;
  /** The SetupIntent with the card it saved, as Stripe reports it (null: no such intent). */
  readSetupIntent(id: string): Promise<StripeSetupReading | null>;
  /** Takes a saved card off its customer (one already gone is fine). */
  detachPaymentMethod(paymentMethod: string): Promise<void>;
  /**
   * Pays the order's PaymentIntent with a card saved on `customer`, the shopper present: the
   * answer is the intent's state (succeeded, declined, or waiting for the bank's authentication).
   */
  payWithSavedMethod(input: {
    reference: string;
    customer: string;
    paymentMethod: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<ProviderPayment>;
}

export interface StripeSetupReading {
  id: string;
  status: Stripe.SetupIntent.Status;
  customer: string | null;
  card: {
    paymentMethod: string;
    customer: string | null;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
  } | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const STATUS: Record<Stripe.PaymentIntent.Status, PaymentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  // Captured automatically; an authorised, not yet captured payment is still on its way.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

/** Refund reasons Stripe accepts; the shop's own words go into the refund's metadata. */
const STRIPE_REFUND_REASON = 'requested_by_customer';

export interface StripeClientOptions {
  secretKey: string;
  /** A local stand-in's address instead of https://api.stripe.com (tests). */
  apiUrl?: string | undefined;
}

export function createStripeClient({ secretKey, apiUrl }: StripeClientOptions): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiUrl) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port || (protocol === 'http' ? 80 : 443);
    config.protocol = protocol;
  }
  return new Stripe(secretKey, config);
}

/** What the shop records of a PaymentIntent (read with `latest_charge` expanded). */
export function readPaymentIntent(intent: Stripe.PaymentIntent): ProviderPayment {
  const charge =
    intent.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    reference: intent.id,
    status: STATUS[intent.status] ?? 'requires_payment_method',
    amount: intent.amount,
    clientSecret: intent.client_secret,
    lastError: intent.last_payment_error?.message ?? null,
    card: card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null,
    refunded: charge?.amount_refunded ?? 0,
  };
}

export function createStripeProvider(client: Stripe): StripeProvider {
  const retrieve = async (reference: string) =>
    readPaymentIntent(
      await client.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }),
    );

  return {
    name: 'stripe',
    client,
    async createPayment({ orderId, orderNumber, amount, idempotencyKey, shippingAddress }) {
      const intent = await client.paymentIntents.create(
        {
          amount,
          currency: 'cad',
          // Every method the Dashboard enables for CAD: cards, wallets, Afterpay/Clearpay, Klarna.
          automatic_payment_methods: { enabled: true },
          shipping: {
            name: shippingAddress.name,
            phone: shippingAddress.phone,
            address: {
              line1: shippingAddress.line1,
              ...(shippingAddress.line2 ? { line2: shippingAddress.line2 } : {}),
              city: shippingAddress.city,
              state: shippingAddress.province,
              postal_code: shippingAddress.postalCode,
              country: shippingAddress.country,
            },
          },
          description: `Forge Nutrition order ${orderNumber}`,
          metadata: { orderId, orderNumber },
        },
        { idempotencyKey },
      );
      return readPaymentIntent(intent);
    },
    retrievePayment: retrieve,
    async refundPayment({ reference, amount, idempotencyKey, reason }) {
      try {
        const refund = await client.refunds.create(
          {
            payment_intent: reference,
            amount,
            reason: STRIPE_REFUND_REASON,
            ...(reason ? { metadata: { reason } } : {}),
          },
          { idempotencyKey },
        );
        return { reference: refund.id, amount: refund.amount };
      } catch (err) {
        // Stripe answered no (4xx): no refund was made. Anything else may have made one.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new ProviderRefusal(err.message);
        }
        throw err;
      }
    },
    async cancelPayment(reference) {
      await client.paymentIntents.cancel(reference);
      return retrieve(reference);
    },
    async listRefunds(reference) {
      const found: ProviderRefund[] = [];
      for await (const refund of client.refunds.list({ payment_intent: reference, limit: 100 })) {
        if (refund.status === 'failed' || refund.status === 'canceled') continue;
        found.push({ reference: refund.id, amount: refund.amount });
      }
      return found;
    },
    async createCustomer({ userId, email, name }) {
      const customer = await client.customers.create(
        { email, name, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },
    async createSetupIntent(customer) {
      const intent = await client.setupIntents.create({
        customer,
        usage: 'on_session',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      });
      return { id: intent.id, clientSecret: intent.client_secret! };
    },
    async readSetupIntent(id) {
      let intent: Stripe.SetupIntent;
      try {
        intent = await client.setupIntents.retrieve(id, { expand: ['payment_method'] });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
          return null;
        }
        throw err;
      }
      const method =
        intent.payment_method && typeof intent.payment_method === 'object'
          ? intent.payment_method
          : null;
      const card = method?.card;
      return {
        id: intent.id,
        status: intent.status,
        customer: idOf(intent.customer),
        card:
          method && card
            ? {
                paymentMethod: method.id,
                customer: idOf(method.customer),
                brand: card.brand,
                last4: card.last4,
                expMonth: card.exp_month,
                expYear: card.exp_year,
              }
            : null,
      };
    },
    async detachPaymentMethod(paymentMethod) {
      try {
        await client.paymentMethods.detach(paymentMethod);
      } catch (err) {
        // Already detached or deleted at Stripe: there is nothing left to take off.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      }
    },
    async payWithSavedMethod({ reference, customer, paymentMethod, returnUrl, idempotencyKey }) {
      await client.paymentIntents.update(
        reference,
        { customer },
        { idempotencyKey: `${idempotencyKey}-customer` },
      );
      try {
        await client.paymentIntents.confirm(
          reference,
          { payment_method: paymentMethod, return_url: returnUrl },
          { idempotencyKey },
        );
      } catch (err) {
        // A decline is an answer, not a failure: the intent now says why.
        if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
      }
      return retrieve(reference);
    },
  };
}
