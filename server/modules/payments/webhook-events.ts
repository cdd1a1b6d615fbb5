import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProviderName } from '../../../contract/orders.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider, ProviderRefund } from './provider.ts';
import { settlePayment } from './service.ts';
import type { StripeProvider } from './stripe-provider.ts';
import { webhookEvents } from './tables.ts';

/** The first retry of an event that could not be applied waits this long; doubles after. */
export const WEBHOOK_RETRY_BASE_MS = 30_000;
/** No wait between retries is longer than this. */
export const WEBHOOK_RETRY_MAX_MS = 60 * 60_000;
/** After this many attempts (about a day) an event is left for a person; it stays stored. */
export const WEBHOOK_MAX_ATTEMPTS = 30;

/** Events whose PaymentIntent is read again from Stripe and applied. */
export const PAYMENT_EVENT_TYPES: readonly string[] = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.processing',
  'payment_intent.canceled',
  'charge.refunded',
];

export type StoredEvent = typeof webhookEvents.$inferSelect;
export type EventOutcome = 'applied' | 'ignored' | 'waiting' | 'failed';

/** The event as stored: Stripe's JSON, of which only these parts are read. */
interface EventPayload {
  id: string;
  type: string;
  data?: {
    object?: {
      id?: string;
      object?: string;
      payment_intent?: string | { id: string } | null;
      metadata?: Record<string, string> | null;
      refunds?: { data?: { id: string; amount: number; status?: string | null }[] } | null;
    };
  };
}

/**
 * Stores an event before anything is done with it, once per (provider, event id). Answers false
 * for an event already stored: a redelivery, acknowledged and not applied a second time.
 */
export async function storeWebhookEvent(
  db: Database,
  provider: PaymentProviderName,
  event: { id: string; type: string },
  now = new Date(),
): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values({
      provider,
      eventId: event.id,
      type: event.type,
      payload: event,
      // Due at once: should the process die before applying it, the retry job picks it up.
      nextAttemptAt: now,
    })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

/**
 * The PaymentIntent an event is about, or null for an event the shop does not act on: another
 * type, or a PaymentIntent the shop did not create (every one of the shop's names its order), which
 * would otherwise wait for an order that never comes.
 */
export function paymentIntentOf(event: EventPayload): string | null {
  if (!PAYMENT_EVENT_TYPES.includes(event.type)) return null;
  const object = event.data?.object;
  if (!object) return null;
  if (event.type.startsWith('payment_intent.')) {
    return object.metadata?.orderId ? (object.id ?? null) : null;
  }
  const intent = object.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

const isStripe = (provider: PaymentProvider): provider is StripeProvider =>
  provider.name === 'stripe' && 'listRefunds' in provider;

/** The refunds an event's charge lists, and those Stripe lists now, each once by its id. */
async function refundsFor(
  provider: PaymentProvider,
  event: EventPayload,
  intent: string,
): Promise<ProviderRefund[]> {
  const byId = new Map<string, ProviderRefund>();
  for (const refund of event.data?.object?.refunds?.data ?? []) {
    if (refund.status === 'failed' || refund.status === 'canceled') continue;
    byId.set(refund.id, { reference: refund.id, amount: refund.amount });
  }
  if (isStripe(provider)) {
    for (const refund of await provider.listRefunds(intent)) byId.set(refund.reference, refund);
  }
  return [...byId.values()];
}

/** When an event tried `attempts` times is due again, or null once it is given up on. */
export function nextAttemptAfter(attempts: number, now = new Date()): Date | null {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  const wait = Math.min(WEBHOOK_RETRY_MAX_MS, WEBHOOK_RETRY_BASE_MS * 2 ** (attempts - 1));
  return new Date(now.getTime() + wait);
}

/**
 * Applies a stored event: the PaymentIntent it names is read again from the provider (so events
 * arriving out of order can never move a payment backwards) and handed to the completer. An
 * event whose payment the shop does not know yet (its order is still being placed) stays stored
 * and is tried again later, as is one the provider could not be asked about.
 */
export async function processWebhookEvent(
  db: Database,
  provider: PaymentProvider,
  event: Pick<StoredEvent, 'provider' | 'eventId' | 'type' | 'payload'>,
  log: FastifyBaseLogger,
): Promise<EventOutcome> {
  const now = new Date();
  const payload = event.payload as EventPayload;
  const key = and(
    eq(webhookEvents.provider, event.provider),
    eq(webhookEvents.eventId, event.eventId),
  );
  // Counted in the database, so two appliers of one event (the webhook and the retry job)
  // never lose an attempt.
  const attempts = sql`${webhookEvents.attempts} + 1`;
  const done = () =>
    db
      .update(webhookEvents)
      .set({ processedAt: now, attempts, nextAttemptAt: null, lastError: null })
      .where(key);
  const later = async (reason: string) => {
    const [row] = await db
      .update(webhookEvents)
      .set({ attempts, lastError: reason })
      .where(key)
      .returning({ attempts: webhookEvents.attempts });
    const tried = row?.attempts ?? 1;
    const nextAttemptAt = nextAttemptAfter(tried, now);
    await db.update(webhookEvents).set({ nextAttemptAt }).where(key);
    const line = { eventId: event.eventId, type: event.type, attempts: tried, reason };
    if (nextAttemptAt) log.info({ ...line, nextAttemptAt }, 'payment event not applied yet');
    else log.error(line, 'payment event given up after too many attempts');
  };

  const intent = paymentIntentOf(payload);
  if (!intent || event.provider !== provider.name) {
    await done();
    log.info({ eventId: event.eventId, type: event.type }, 'payment event ignored');
    return 'ignored';
  }
  try {
    const reading = await provider.retrievePayment(intent);
    const refunds =
      event.type === 'charge.refunded' ? await refundsFor(provider, payload, intent) : undefined;
    const outcome = await settlePayment(db, provider, {
      provider: provider.name,
      reading,
      ...(refunds ? { refunds } : {}),
      actor: 'provider',
    });
    if (outcome.kind === 'unknown') {
      await later('No payment with this reference yet.');
      return 'waiting';
    }
    await done();
    log.info(
      {
        eventId: event.eventId,
        type: event.type,
        orderId: outcome.order.id,
        orderStatus: outcome.order.status,
        paymentStatus: outcome.payment.status,
      },
      'payment event applied',
    );
    return 'applied';
  } catch (err) {
    await later(err instanceof Error ? err.message : String(err));
    log.warn({ err, eventId: event.eventId, type: event.type }, 'payment event failed');
    return 'failed';
  }
}
