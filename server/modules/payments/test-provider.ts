import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TEST_CARDS } from '../../../contract/orders.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { ProviderRefusal, type PaymentProvider, type ProviderPayment } from './provider.ts';
import { payments, refunds } from './tables.ts';

export const TEST_DECLINE_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed: 'We could not authenticate your payment. Try again or use another card.',
  expired: 'Your card has expired.',
} as const;

/** Any other well-formed number pays, as Stripe's test mode takes any valid test card. */
function brandOf(cardNumber: string): string {
  if (cardNumber.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'mastercard';
  if (/^3[47]/.test(cardNumber)) return 'amex';
  return 'card';
}

const stableId = (prefix: string, seed: string) =>
  `${prefix}_${createHash('sha256').update(seed).digest('base64url').slice(0, 24)}`;

/** What the test provider makes of a card: the state a Stripe PaymentIntent would reach. */
export function testCardOutcome(input: {
  cardNumber: string;
  expiry: string;
  now?: Date;
}): Pick<ProviderPayment, 'status' | 'lastError' | 'card'> {
  const card = { brand: brandOf(input.cardNumber), last4: input.cardNumber.slice(-4) };
  const [month, year] = input.expiry.split('/').map((part) => Number(part.trim()));
  const now = input.now ?? new Date();
  const expired =
    2000 + (year ?? 0) < now.getFullYear() ||
    (2000 + (year ?? 0) === now.getFullYear() && (month ?? 0) < now.getMonth() + 1);
  if (expired) {
    return { status: 'requires_payment_method', lastError: TEST_DECLINE_MESSAGES.expired, card };
  }
  switch (input.cardNumber) {
    case TEST_CARDS.declined:
      return { status: 'requires_payment_method', lastError: TEST_DECLINE_MESSAGES.declined, card };
    case TEST_CARDS.insufficientFunds:
      return {
        status: 'requires_payment_method',
        lastError: TEST_DECLINE_MESSAGES.insufficientFunds,
        card,
      };
    case TEST_CARDS.requiresAuthentication:
      return { status: 'requires_action', lastError: null, card };
    default:
      return { status: 'succeeded', lastError: null, card };
  }
}

/**
 * The built-in test provider: no keys, no network, no money. It keeps its "provider side" in the
 * shop's own payments table (the row is both the shop's record and the provider's state), so
 * reading a payment back after a restart finds it as it was, like asking Stripe would.
 */
export function createTestProvider(db: Database): PaymentProvider {
  async function read(reference: string): Promise<ProviderPayment> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'test'), eq(payments.reference, reference)));
    if (!row) throw notFound('not_found', 'That payment does not exist.');
    return {
      reference,
      status: row.status,
      amount: row.amount,
      clientSecret: null,
      lastError: row.lastError,
      card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
      refunded: row.refunded,
    };
  }

  return {
    name: 'test',
    async createPayment({ amount, idempotencyKey }) {
      return {
        reference: stableId('tpi', idempotencyKey),
        status: 'requires_payment_method',
        amount,
        clientSecret: null,
        lastError: null,
        card: null,
        refunded: 0,
      };
    },
    retrievePayment: read,
    async refundPayment({ reference, amount, idempotencyKey }) {
      // Like Stripe, the same key answers the refund it already made rather than a new one.
      const made = stableId('tre', idempotencyKey);
      const [known] = await db
        .select({ amount: refunds.amount })
        .from(refunds)
        .where(eq(refunds.reference, made));
      if (known) return { reference: made, amount: known.amount };
      const payment = await read(reference);
      if (payment.status !== 'succeeded')
        throw new ProviderRefusal('Only a completed payment can be refunded.');
      if (payment.refunded + amount > payment.amount) {
        throw new ProviderRefusal('A refund cannot be more than what is left of the payment.');
      }
      return { reference: made, amount };
    },
    async cancelPayment(reference) {
      const payment = await read(reference);
      if (payment.status === 'succeeded') {
        throw conflict(
          'payment_state_refused',
          'This payment has already succeeded and cannot be cancelled.',
        );
      }
      // The test network accepts the cancellation; the completer records it from this reading.
      return { ...payment, status: 'canceled', clientSecret: null };
    },
  };
}
