import type { Address, PaymentProviderName, PaymentStatus } from '../../../contract/orders.ts';
import { HttpError } from '../../lib/errors.ts';

/**
 * The provider answered and refused the request (a refund above what is left, a payment it cannot
 * cancel): nothing was done there, so whatever the shop held for it may be let go. Any other
 * failure (no answer, a timeout, a server error) leaves the outcome unknown.
 */
export class ProviderRefusal extends HttpError {
  constructor(message: string) {
    super(409, 'payment_refused', message);
  }
}

/** A payment as its provider reports it. */
export interface ProviderPayment {
  /** The provider's id for it (Stripe's `pi_…`). */
  reference: string;
  status: PaymentStatus;
  amount: number;
  clientSecret: string | null;
  lastError: string | null;
  card: { brand: string; last4: string } | null;
  /** Amount refunded so far, in cents. */
  refunded: number;
}

export interface ProviderRefund {
  reference: string;
  amount: number;
}

/**
 * What the shop needs of a payment provider: the built-in test provider and Stripe both
 * implement it, so orders, refunds and reconciliation never ask which one is in use.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Creates the payment for an order's total. The same `idempotencyKey` (derived from the order)
   * returns the same payment, so a retry after a lost answer never makes a second one. The
   * shipping address goes along: some methods (Afterpay/Clearpay, Klarna) need it, and fraud
   * checks use it.
   */
  createPayment(input: {
    orderId: string;
    orderNumber: string;
    amount: number;
    idempotencyKey: string;
    shippingAddress: Address;
  }): Promise<ProviderPayment>;
  /** Reads the payment's current state from the provider. */
  retrievePayment(reference: string): Promise<ProviderPayment>;
  /** Refunds `amount` cents of a succeeded payment; the key makes a retry refund once. */
  refundPayment(input: {
    reference: string;
    amount: number;
    idempotencyKey: string;
    reason?: string;
  }): Promise<ProviderRefund>;
  /**
   * Cancels a payment that has not succeeded (an order cancelled before it was paid) and answers
   * the provider's reading after it. Throws when the provider refuses: a payment that succeeded
   * meanwhile, or one the bank is still processing, cannot be cancelled.
   */
  cancelPayment(reference: string): Promise<ProviderPayment>;
}
