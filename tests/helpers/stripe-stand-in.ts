import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stateful stand-in for the part of Stripe's API the shop uses, for the real `stripe` SDK
 * to talk to (STRIPE_API_URL): PaymentIntents (create, retrieve with `latest_charge` expanded,
 * confirm, cancel), refunds (create, list) and charges. It honours Idempotency-Key as Stripe
 * does: the same key with the same request replays the first answer, with another request it is
 * a 400. Bodies are form-encoded, as the SDK sends them.
 *
 * Test payment methods follow Stripe's: `pm_card_visa` / `pm_card_mastercard` succeed,
 * `pm_card_chargeDeclined` and `pm_card_chargeDeclinedInsufficientFunds` are declined (402),
 * `pm_card_threeDSecure2Required` / `pm_card_authenticationRequired` need authentication
 * (`requires_action`, finished with `authenticate`).
 *
 * Saved cards as Stripe keeps them: customers (create, retrieve), SetupIntents (create, retrieve
 * with `payment_method` expanded, confirm: a test token such as `pm_card_visa` becomes a new
 * `pm_…` attached to the intent's customer), PaymentMethods (retrieve, attach, detach) and
 * PaymentIntent updates (`customer`). As at Stripe, a card attached to a customer pays only a
 * PaymentIntent of that customer.
 *
 * The npm package stripe-stateful-mock was evaluated and not used: it has no PaymentIntents at
 * all (charges, customers, refunds of charges, subscriptions only).
 */

type Params = { [key: string]: string | Params };

export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; exp_month: number; exp_year: number };
  };
  created: number;
  livemode: false;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  shipping: Params | null;
  payment_method: string | null;
  customer: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  next_action: { type: string } | null;
  latest_charge: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
}

export interface StandInCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface StandInPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  created: number;
  livemode: false;
}

export interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  usage: string;
  last_setup_error: { type: string; code: string; message: string } | null;
  created: number;
  livemode: false;
}

interface Card {
  brand: string;
  last4: string;
  outcome: 'succeeds' | 'declined' | 'insufficient_funds' | 'authentication';
}

export const STAND_IN_CARDS: Record<string, Card> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'insufficient_funds',
  },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'authentication' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authentication' },
};

const DECLINES = {
  declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', message: 'Your card has insufficient funds.' },
  authentication: {
    code: 'payment_intent_authentication_failure',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, code = 'parameter_invalid', status = 400) =>
  new ApiError(status, { type: 'invalid_request_error', code, message });

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0]=x` → `{ a: { b: { 0: 'x' } } }`, as Stripe reads form bodies and query strings. */
export function parseForm(text: string): Params {
  const out: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/[[\]]+/).filter(Boolean);
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] = typeof node[part] === 'object' ? node[part] : {}) as Params;
    });
  }
  return out;
}

const text = (params: Params, key: string) =>
  typeof params[key] === 'string' ? params[key] : undefined;
const record = (params: Params, key: string): Record<string, string> =>
  typeof params[key] === 'object' ? (params[key] as Record<string, string>) : {};

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  replayed: boolean;
}

export class StripeStandIn {
  readonly intents = new Map<string, StandInIntent>();
  readonly charges = new Map<string, StandInCharge>();
  readonly refunds = new Map<string, StandInRefund>();
  readonly customers = new Map<string, StandInCustomer>();
  readonly setupIntents = new Map<string, StandInSetupIntent>();
  readonly paymentMethods = new Map<string, StandInPaymentMethod>();
  /** The test card behind each `pm_…` made from a test token. */
  private readonly madeFrom = new Map<string, string>();
  /** Every API call received, in order. */
  readonly requests: StandInRequest[] = [];
  private readonly idempotent = new Map<
    string,
    { fingerprint: string; status: number; body: unknown }
  >();
  private server: http.Server | null = null;
  url = '';

  /** Starts listening: on a free port, or again at the address it had (`url`, after `stop`). */
  async start(url?: string): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    const wanted = url ? Number(new URL(url).port) : 0;
    await new Promise<void>((resolve) => this.server!.listen(wanted, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The PaymentIntent as Stripe would send it in an event (a snapshot, not expanded). */
  intent(intentId: string): StandInIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no PaymentIntent ${intentId}`);
    return structuredClone(intent);
  }

  /** The charge as Stripe would send it in a `charge.*` event, with its refunds listed. */
  charge(chargeId: string) {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`no charge ${chargeId}`);
    const refunds = [...this.refunds.values()].filter((refund) => refund.charge === chargeId);
    return {
      ...structuredClone(charge),
      refunds: { object: 'list', data: refunds.reverse(), has_more: false, url: '/v1/refunds' },
    };
  }

  /** A Stripe event of `type` about the current state of `object`, ready to be signed. */
  event(type: string, object: object): string {
    return JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  /** The shopper finishes (or fails) the bank's 3-D Secure challenge of a `requires_action` intent. */
  authenticate(intentId: string, passes = true): StandInIntent {
    const intent = this.intents.get(intentId);
    if (!intent || intent.status !== 'requires_action') {
      throw new Error(`${intentId} is not waiting for authentication`);
    }
    intent.next_action = null;
    if (passes) {
      const card = this.cardOf(intent.payment_method) ?? STAND_IN_CARDS.pm_card_visa!;
      this.succeed(intent, card);
    } else {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = { type: 'card_error', ...DECLINES.authentication };
    }
    return this.intent(intentId);
  }

  /**
   * The shopper pays by a method the bank settles later (a pre-authorised debit): the intent
   * sits in `processing` for days, and Stripe refuses to cancel it meanwhile.
   */
  startProcessing(intentId: string): StandInIntent {
    const intent = this.intents.get(intentId);
    if (!intent || intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new Error(`${intentId} cannot start processing`);
    }
    intent.status = 'processing';
    intent.next_action = null;
    return this.intent(intentId);
  }

  /** The bank settles a `processing` intent: the money arrives, or the debit fails. */
  settleProcessing(intentId: string, succeeds = true): StandInIntent {
    const intent = this.intents.get(intentId);
    if (!intent || intent.status !== 'processing') throw new Error(`${intentId} is not processing`);
    if (succeeds) {
      this.succeed(intent, this.cardOf(intent.payment_method) ?? STAND_IN_CARDS.pm_card_visa!);
    } else {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = { type: 'card_error', ...DECLINES.declined };
    }
    return this.intent(intentId);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    const send = (status: number, payload: unknown, replayed = false) => {
      this.requests.push({ method, path: url.pathname, idempotencyKey, replayed });
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(payload));
    };

    if (!/^Bearer sk_test_\w+/.test(req.headers.authorization ?? '')) {
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (method === 'POST' && idempotencyKey) {
      const seen = this.idempotent.get(idempotencyKey);
      if (seen && seen.fingerprint !== fingerprint) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      }
      if (seen) return send(seen.status, seen.body, true);
    }
    const params = parseForm(method === 'GET' ? url.search.slice(1) : body);
    let status = 200;
    let answer: unknown;
    try {
      answer = this.route(method, url.pathname, params);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      status = err.status;
      answer = { error: err.body };
    }
    if (method === 'POST' && idempotencyKey) {
      this.idempotent.set(idempotencyKey, { fingerprint, status, body: answer });
    }
    send(status, answer);
  }

  private route(method: string, path: string, params: Params): unknown {
    const parts = path.split('/').filter(Boolean); // ['v1', 'payment_intents', id, action]
    if (parts[0] !== 'v1') throw invalid(`Unrecognized request URL (${method}: ${path}).`);
    const [, resource, itemId, action] = parts;
    const expand = Object.values(record(params, 'expand'));

    if (resource === 'payment_intents') {
      if (method === 'POST' && !itemId) return this.createIntent(params);
      const intent = this.intents.get(itemId ?? '');
      if (!intent) {
        throw invalid(`No such payment_intent: '${itemId}'`, 'resource_missing', 404);
      }
      if (method === 'GET' && !action) return this.render(intent, expand);
      if (method === 'POST' && !action) return this.updateIntent(intent, params);
      if (method === 'POST' && action === 'confirm') return this.confirm(intent, params, expand);
      if (method === 'POST' && action === 'cancel') return this.cancel(intent, params);
    }
    if (resource === 'customers') {
      if (method === 'POST' && !itemId) return this.createCustomer(params);
      const customer = this.customers.get(itemId ?? '');
      if (!customer) throw invalid(`No such customer: '${itemId}'`, 'resource_missing', 404);
      if (method === 'GET' && !action) return structuredClone(customer);
    }
    if (resource === 'setup_intents') {
      if (method === 'POST' && !itemId) return this.createSetupIntent(params);
      const setup = this.setupIntents.get(itemId ?? '');
      if (!setup) throw invalid(`No such setupintent: '${itemId}'`, 'resource_missing', 404);
      if (method === 'GET' && !action) return this.renderSetup(setup, expand);
      if (method === 'POST' && action === 'confirm')
        return this.confirmSetup(setup, params, expand);
    }
    if (resource === 'payment_methods' && itemId) {
      const paymentMethod = this.paymentMethods.get(itemId);
      if (!paymentMethod) {
        throw invalid(`No such PaymentMethod: '${itemId}'`, 'resource_missing', 404);
      }
      if (method === 'GET' && !action) return structuredClone(paymentMethod);
      if (method === 'POST' && action === 'attach') {
        const customer = text(params, 'customer') ?? '';
        if (!this.customers.has(customer)) {
          throw invalid(`No such customer: '${customer}'`, 'resource_missing', 404);
        }
        if (paymentMethod.customer && paymentMethod.customer !== customer) {
          throw invalid(
            'The payment method you provided has already been attached to a customer.',
            'payment_method_unexpected_state',
          );
        }
        paymentMethod.customer = customer;
        return structuredClone(paymentMethod);
      }
      if (method === 'POST' && action === 'detach') {
        if (!paymentMethod.customer) {
          throw invalid(
            `The payment method you provided is not attached to a customer so detachment is impossible.`,
            'payment_method_unexpected_state',
          );
        }
        paymentMethod.customer = null;
        return structuredClone(paymentMethod);
      }
    }
    if (resource === 'refunds') {
      if (method === 'POST' && !itemId) return this.createRefund(params);
      if (method === 'GET' && !itemId) {
        const intentId = text(params, 'payment_intent');
        const data = [...this.refunds.values()]
          .filter((refund) => !intentId || refund.payment_intent === intentId)
          .reverse();
        return { object: 'list', data, has_more: false, url: '/v1/refunds' };
      }
    }
    if (resource === 'charges' && method === 'GET' && itemId) {
      if (!this.charges.has(itemId)) {
        throw invalid(`No such charge: '${itemId}'`, 'resource_missing', 404);
      }
      return this.charge(itemId);
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, 'resource_missing', 404);
  }

  private render(intent: StandInIntent, expand: string[]) {
    const copy = structuredClone(intent);
    if (expand.includes('latest_charge') && intent.latest_charge) {
      return { ...copy, latest_charge: this.charge(intent.latest_charge) };
    }
    return copy;
  }

  private createIntent(params: Params) {
    const amount = Number(text(params, 'amount'));
    if (!Number.isInteger(amount) || amount < 50) {
      throw invalid('Amount must be at least 50 cents.', 'amount_too_small');
    }
    const intentId = id('pi');
    const intent: StandInIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: text(params, 'currency') ?? 'usd',
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      description: text(params, 'description') ?? null,
      metadata: record(params, 'metadata'),
      automatic_payment_methods:
        record(params, 'automatic_payment_methods').enabled === 'true' ? { enabled: true } : null,
      shipping: typeof params.shipping === 'object' ? (params.shipping as Params) : null,
      payment_method: null,
      customer: text(params, 'customer') ?? null,
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
      canceled_at: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
    };
    this.intents.set(intentId, intent);
    const paymentMethod = text(params, 'payment_method');
    if (paymentMethod) intent.payment_method = paymentMethod;
    if (text(params, 'confirm') === 'true') return this.confirm(intent, params, []);
    return this.render(intent, []);
  }

  private confirm(intent: StandInIntent, params: Params, expand: string[]) {
    if (
      !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(
        intent.status,
      )
    ) {
      throw invalid(
        `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
        'payment_intent_unexpected_state',
      );
    }
    const paymentMethod = text(params, 'payment_method') ?? intent.payment_method;
    const card = this.cardOf(paymentMethod);
    if (!paymentMethod || !card) {
      throw invalid(`No such PaymentMethod: '${paymentMethod ?? ''}'`, 'resource_missing', 400);
    }
    const saved = this.paymentMethods.get(paymentMethod);
    if (saved?.customer && saved.customer !== intent.customer) {
      throw invalid(
        `The provided PaymentMethod belongs to a Customer, but the PaymentIntent does not include it (or another Customer). Please include the Customer in the \`customer\` parameter on the PaymentIntent.`,
        'payment_method_customer_mismatch',
      );
    }
    if (saved && !saved.customer) {
      throw invalid(
        'The provided PaymentMethod was previously used or detached from a Customer; it may not be used again.',
        'payment_method_unexpected_state',
      );
    }
    intent.next_action = null;
    intent.payment_method = paymentMethod;
    intent.last_payment_error = null;
    if (card.outcome === 'succeeds') {
      this.succeed(intent, card);
    } else if (card.outcome === 'authentication') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
    } else {
      const decline = DECLINES[card.outcome];
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = { type: 'card_error', ...decline };
      throw new ApiError(402, {
        type: 'card_error',
        ...decline,
        decline_code: card.outcome === 'declined' ? 'generic_decline' : 'insufficient_funds',
        payment_intent: this.render(intent, []),
      });
    }
    return this.render(intent, expand);
  }

  /** The test card behind a test token or a `pm_…` made from one. */
  private cardOf(paymentMethod: string | null | undefined): Card | undefined {
    const token = this.madeFrom.get(paymentMethod ?? '') ?? paymentMethod ?? '';
    return STAND_IN_CARDS[token];
  }

  private updateIntent(intent: StandInIntent, params: Params) {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalid(
        `This PaymentIntent's status is ${intent.status}, so it cannot be updated.`,
        'payment_intent_unexpected_state',
      );
    }
    const customer = text(params, 'customer');
    if (customer !== undefined) {
      if (!this.customers.has(customer)) {
        throw invalid(`No such customer: '${customer}'`, 'resource_missing', 400);
      }
      intent.customer = customer;
    }
    const paymentMethod = text(params, 'payment_method');
    if (paymentMethod !== undefined) intent.payment_method = paymentMethod;
    intent.metadata = { ...intent.metadata, ...record(params, 'metadata') };
    return this.render(intent, []);
  }

  private createCustomer(params: Params) {
    const customer: StandInCustomer = {
      id: id('cus'),
      object: 'customer',
      email: text(params, 'email') ?? null,
      name: text(params, 'name') ?? null,
      metadata: record(params, 'metadata'),
      created: now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return structuredClone(customer);
  }

  private createSetupIntent(params: Params) {
    const customer = text(params, 'customer') ?? null;
    if (customer && !this.customers.has(customer)) {
      throw invalid(`No such customer: '${customer}'`, 'resource_missing', 400);
    }
    const setupId = id('seti');
    const setup: StandInSetupIntent = {
      id: setupId,
      object: 'setup_intent',
      status: 'requires_payment_method',
      client_secret: `${setupId}_secret_${randomBytes(12).toString('hex')}`,
      customer,
      payment_method: null,
      usage: text(params, 'usage') ?? 'off_session',
      last_setup_error: null,
      created: now(),
      livemode: false,
    };
    this.setupIntents.set(setupId, setup);
    return this.renderSetup(setup, []);
  }

  private renderSetup(setup: StandInSetupIntent, expand: string[]) {
    const copy = structuredClone(setup);
    if (expand.includes('payment_method') && setup.payment_method) {
      return {
        ...copy,
        payment_method: structuredClone(this.paymentMethods.get(setup.payment_method)),
      };
    }
    return copy;
  }

  /**
   * The browser confirms a SetupIntent in the Payment Element: the test token becomes a new
   * PaymentMethod, attached to the intent's customer. A card that is always declined fails.
   */
  private confirmSetup(setup: StandInSetupIntent, params: Params, expand: string[]) {
    if (!['requires_payment_method', 'requires_confirmation'].includes(setup.status)) {
      throw invalid(
        `This SetupIntent's status is ${setup.status}, so it cannot be confirmed.`,
        'setup_intent_unexpected_state',
      );
    }
    const token = text(params, 'payment_method') ?? '';
    const card = STAND_IN_CARDS[token];
    if (!card) throw invalid(`No such PaymentMethod: '${token}'`, 'resource_missing', 400);
    if (card.outcome === 'declined' || card.outcome === 'insufficient_funds') {
      setup.last_setup_error = { type: 'card_error', ...DECLINES[card.outcome] };
      throw new ApiError(402, {
        type: 'card_error',
        ...DECLINES[card.outcome],
        setup_intent: this.renderSetup(setup, []),
      });
    }
    const paymentMethod: StandInPaymentMethod = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: setup.customer,
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
      created: now(),
      livemode: false,
    };
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    this.madeFrom.set(paymentMethod.id, token);
    setup.payment_method = paymentMethod.id;
    setup.last_setup_error = null;
    setup.status = 'succeeded';
    return this.renderSetup(setup, expand);
  }

  private succeed(intent: StandInIntent, card: Card) {
    const charge: StandInCharge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      paid: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method_details: {
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
      },
      created: now(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
  }

  private cancel(intent: StandInIntent, params: Params) {
    if (
      intent.status === 'succeeded' ||
      intent.status === 'canceled' ||
      intent.status === 'processing'
    ) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        'payment_intent_unexpected_state',
      );
    }
    intent.status = 'canceled';
    intent.next_action = null;
    intent.canceled_at = now();
    intent.cancellation_reason = text(params, 'cancellation_reason') ?? null;
    return this.render(intent, []);
  }

  private createRefund(params: Params) {
    const intentId = text(params, 'payment_intent');
    const intent = this.intents.get(intentId ?? '');
    if (!intent) throw invalid(`No such payment_intent: '${intentId}'`, 'resource_missing', 404);
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw invalid(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    }
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    }
    const amount = text(params, 'amount') === undefined ? left : Number(text(params, 'amount'));
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount_too_large',
      );
    }
    const reason = text(params, 'reason') ?? null;
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid('Invalid reason: must be one of duplicate, fraudulent, requested_by_customer');
    }
    const refund: StandInRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      currency: charge.currency,
      status: 'succeeded',
      reason,
      metadata: record(params, 'metadata'),
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return refund;
  }
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  return new StripeStandIn().start();
}
