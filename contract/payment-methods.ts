/**
 * Saved payment methods: the shopper's cards kept at the payment provider for a later checkout.
 * The shop never receives a card number: the card is entered in the provider's own form (Stripe's
 * Payment Element in setup mode) or, with the built-in test provider, picked from its test cards.
 * What the shop keeps is the provider's token, the brand, the last four digits and the expiry.
 */
import { z } from 'zod';
import { TEST_CARD_CHOICES, type TestCardChoice } from './payment-method-rules.ts';

export * from './payment-method-rules.ts';

/** A saved card as the API answers it. */
export const SavedPaymentMethod = z.object({
  id: z.string(),
  provider: z.enum(['test', 'stripe']),
  /** Lower case, as the provider names it ("visa", "mastercard", "amex"). */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  createdAt: z.string(),
});
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethod>;

export const SavedPaymentMethodsResponse = z.object({
  success: z.literal(true),
  data: z.array(SavedPaymentMethod),
});
export const SavedPaymentMethodResponse = z.object({
  success: z.literal(true),
  data: SavedPaymentMethod,
});

export const TestCardOption = z.object({
  id: z.enum(TEST_CARD_CHOICES as [TestCardChoice, ...TestCardChoice[]]),
  label: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type TestCardOption = z.infer<typeof TestCardOption>;

/**
 * POST /user/payment-methods/setup: what the browser needs to add a card. Stripe: the client
 * secret of a SetupIntent for the Payment Element; the test provider: its cards to pick from.
 */
export const PaymentMethodSetup = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('stripe'),
    setupIntentId: z.string(),
    clientSecret: z.string(),
  }),
  z.object({ provider: z.literal('test'), testCards: z.array(TestCardOption) }),
]);
export type PaymentMethodSetup = z.infer<typeof PaymentMethodSetup>;
export const PaymentMethodSetupResponse = z.object({
  success: z.literal(true),
  data: PaymentMethodSetup,
});

const required = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be a string';

/**
 * POST /user/payment-methods: keep the card just set up. Stripe: the SetupIntent's id (the server
 * reads the card from Stripe); the test provider: the id of one of its test cards.
 */
export const SavePaymentMethodBody = z
  .object({
    setupIntentId: z
      .string({ error: required })
      .trim()
      .regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'must be a SetupIntent id (seti_…)')
      .optional(),
    testCard: z
      .enum(TEST_CARD_CHOICES as [TestCardChoice, ...TestCardChoice[]], {
        error: () => `must be one of ${TEST_CARD_CHOICES.join(', ')}`,
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const given = Number(body.setupIntentId !== undefined) + Number(body.testCard !== undefined);
    if (given !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['setupIntentId'],
        message:
          given === 0 ? 'is required (or testCard)' : 'give either setupIntentId or testCard',
      });
    }
  });
export type SavePaymentMethodBody = z.input<typeof SavePaymentMethodBody>;

export const PaymentMethodParams = z.object({
  paymentMethodId: z.string({ error: required }).trim().min(1, 'is required').max(100),
});

/** POST /orders/:orderId/payment/saved-method: pay the order with one of the shopper's cards. */
export const PayWithSavedMethodBody = z.object({
  paymentMethodId: z.string({ error: required }).trim().min(1, 'is required').max(100),
});
export type PayWithSavedMethodBody = z.input<typeof PayWithSavedMethodBody>;
