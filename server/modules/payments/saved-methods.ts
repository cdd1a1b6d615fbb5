import { and, asc, count, eq } from 'drizzle-orm';
import {
  SAVED_PAYMENT_METHODS_MAX,
  TEST_CARD_CHOICES,
  TEST_SAVED_CARDS,
  type PaymentMethodSetup,
  type SavedPaymentMethod,
  type TestCardChoice,
} from '../../../contract/payment-methods.ts';
import type { PaymentProviderName } from '../../../contract/orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { lockAccount } from '../auth/accounts.ts';
import type { PaymentProvider } from './provider.ts';
import type { StripeProvider } from './stripe-provider.ts';
import { paymentCustomers, savedPaymentMethods } from './tables.ts';

export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect;

/** The saved-card side of the provider in use: Stripe, or the built-in test provider. */
export type SavedMethodsProvider = { name: 'test' } | { name: 'stripe'; stripe: StripeProvider };

export function savedMethodsProvider(
  payments: PaymentProvider,
  stripe: StripeProvider | null,
): SavedMethodsProvider {
  return payments.name === 'stripe' && stripe ? { name: 'stripe', stripe } : { name: 'test' };
}

const NOT_FOUND = 'That saved card does not exist.';
const SETUP_NOT_FOUND = 'That card setup does not exist.';

export const savedMethodDto = (row: SavedMethodRow): SavedPaymentMethod => ({
  id: row.id,
  provider: row.provider,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  createdAt: row.createdAt.toISOString(),
});

/** The test provider's token of one of its cards: the card's behaviour, no number. */
const testToken = (choice: TestCardChoice) => `test_pm_${choice}`;

/** Which test card a test provider token stands for (null: not one of its tokens). */
export function testCardOfToken(token: string): TestCardChoice | null {
  const choice = token.startsWith('test_pm_') ? token.slice('test_pm_'.length) : '';
  return (TEST_CARD_CHOICES as string[]).includes(choice) ? (choice as TestCardChoice) : null;
}

/** The shopper's saved cards of the provider in use, oldest first. */
export async function listSavedMethods(
  executor: Executor,
  userId: string,
  provider: PaymentProviderName,
): Promise<SavedPaymentMethod[]> {
  const rows = await executor
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.provider, provider)))
    .orderBy(asc(savedPaymentMethods.createdAt), asc(savedPaymentMethods.id));
  return rows.map(savedMethodDto);
}

/** One of the shopper's own saved cards of `provider`; 404 for anyone else's. */
export async function findOwnSavedMethod(
  executor: Executor,
  userId: string,
  provider: PaymentProviderName,
  id: string,
): Promise<SavedMethodRow> {
  const [row] = await executor
    .select()
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.id, id),
        eq(savedPaymentMethods.userId, userId),
        eq(savedPaymentMethods.provider, provider),
      ),
    );
  if (!row) throw notFound('not_found', NOT_FOUND);
  return row;
}

/** The shopper's Stripe Customer id, if they have one yet. */
async function stripeCustomerOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, 'stripe')));
  return row?.customerId ?? null;
}

/**
 * The shopper's Stripe Customer, made once: Stripe's idempotency key (derived from the user) makes
 * two racing first saves make one customer, and the primary key stores it once.
 */
async function ensureStripeCustomer(
  db: Database,
  stripe: StripeProvider,
  user: SessionUser,
): Promise<string> {
  const existing = await stripeCustomerOf(db, user._id);
  if (existing) return existing;
  const customerId = await stripe.createCustomer({
    userId: user._id,
    email: user.email,
    name: user.name,
  });
  await db
    .insert(paymentCustomers)
    .values({ userId: user._id, provider: 'stripe', customerId })
    .onConflictDoNothing();
  return (await stripeCustomerOf(db, user._id)) ?? customerId;
}

/** What the browser needs to add a card with the provider in use. */
export async function startSetup(
  db: Database,
  provider: SavedMethodsProvider,
  user: SessionUser,
): Promise<PaymentMethodSetup> {
  if (provider.name === 'test') {
    return {
      provider: 'test',
      testCards: TEST_CARD_CHOICES.map((id) => ({ id, ...TEST_SAVED_CARDS[id] })),
    };
  }
  const customer = await ensureStripeCustomer(db, provider.stripe, user);
  const intent = await provider.stripe.createSetupIntent(customer);
  return { provider: 'stripe', setupIntentId: intent.id, clientSecret: intent.clientSecret };
}

/**
 * Stores a card once per shopper and token (saving the same card again answers the stored one),
 * under the shopper's row lock so two saves cannot both pass SAVED_PAYMENT_METHODS_MAX.
 */
async function storeSavedMethod(
  db: Database,
  userId: string,
  card: Omit<typeof savedPaymentMethods.$inferInsert, 'id' | 'userId' | 'createdAt'>,
): Promise<{ method: SavedPaymentMethod; created: boolean }> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const [same] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(
        and(
          eq(savedPaymentMethods.userId, userId),
          eq(savedPaymentMethods.provider, card.provider),
          eq(savedPaymentMethods.token, card.token),
        ),
      );
    if (same) return { method: savedMethodDto(same), created: false };
    const [counted] = await tx
      .select({ n: count() })
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, userId));
    if ((counted?.n ?? 0) >= SAVED_PAYMENT_METHODS_MAX) {
      throw conflict(
        'saved_limit_reached',
        `You can keep at most ${SAVED_PAYMENT_METHODS_MAX} cards. Remove one before adding another.`,
        { limit: SAVED_PAYMENT_METHODS_MAX },
      );
    }
    const [row] = await tx
      .insert(savedPaymentMethods)
      .values({ id: newId('spm'), userId, ...card })
      .returning();
    return { method: savedMethodDto(row!), created: true };
  });
}

/**
 * Keeps the card just set up. Test provider: one of its test cards by id. Stripe: the server
 * reads the SetupIntent from Stripe itself and keeps its card only when the intent is this
 * shopper's (its customer is theirs; anyone else's is 404) and has succeeded (else 409).
 */
export async function saveMethod(
  db: Database,
  provider: SavedMethodsProvider,
  user: SessionUser,
  body: { setupIntentId?: string | undefined; testCard?: TestCardChoice | undefined },
): Promise<{ method: SavedPaymentMethod; created: boolean }> {
  if (provider.name === 'test') {
    if (!body.testCard) {
      throw new HttpError(400, 'validation', 'Choose one of the test cards.', {
        errors: [{ path: 'testCard', message: 'is required' }],
      });
    }
    const card = TEST_SAVED_CARDS[body.testCard];
    return storeSavedMethod(db, user._id, {
      provider: 'test',
      token: testToken(body.testCard),
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
  }
  if (!body.setupIntentId) {
    throw new HttpError(400, 'validation', 'The card setup is missing.', {
      errors: [{ path: 'setupIntentId', message: 'is required' }],
    });
  }
  const customer = await stripeCustomerOf(db, user._id);
  const setup = customer ? await provider.stripe.readSetupIntent(body.setupIntentId) : null;
  if (!customer || !setup || setup.customer !== customer)
    throw notFound('not_found', SETUP_NOT_FOUND);
  if (setup.status !== 'succeeded' || !setup.card) {
    throw conflict(
      'card_setup_incomplete',
      'This card has not been set up yet. Finish adding it, then try again.',
      {
        status: setup.status,
      },
    );
  }
  if (setup.card.customer !== customer) throw notFound('not_found', SETUP_NOT_FOUND);
  return storeSavedMethod(db, user._id, {
    provider: 'stripe',
    token: setup.card.paymentMethod,
    brand: setup.card.brand,
    last4: setup.card.last4,
    expMonth: setup.card.expMonth,
    expYear: setup.card.expYear,
  });
}

/** Forgets one of the shopper's cards (404 for anyone else's); Stripe's is detached first. */
export async function removeMethod(
  db: Database,
  provider: SavedMethodsProvider,
  userId: string,
  id: string,
): Promise<void> {
  const row = await findOwnSavedMethod(db, userId, provider.name, id);
  if (provider.name === 'stripe') await provider.stripe.detachPaymentMethod(row.token);
  await db
    .delete(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.id, row.id), eq(savedPaymentMethods.userId, userId)));
}

/** The Stripe Customer a saved card belongs to (the shopper's own). */
export async function stripeCustomerFor(db: Database, userId: string): Promise<string> {
  const customer = await stripeCustomerOf(db, userId);
  if (!customer) throw notFound('not_found', NOT_FOUND);
  return customer;
}
