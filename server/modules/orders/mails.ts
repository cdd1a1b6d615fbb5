/**
 * The e-mails an order's changes send: the confirmation once it is paid, the tracking number
 * when it ships, an invitation to review what arrived once it is delivered, and a word when it is
 * cancelled or refunded. They are queued in the transaction that changes the order, so a mail
 * exists exactly when the change is committed.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  ORDER_PAYMENT_WINDOW_MS,
  SHIPPING_METHOD_LABELS,
  formatOrderNumber,
  type OrderStatus,
} from '../../../contract/orders.ts';
import { WRITE_REVIEW_ANCHOR } from '../../../contract/review-rules.ts';
import type { Executor } from '../../db/client.ts';
import { shopLinks, type ShopLinks } from '../../lib/links.ts';
import { isGuestUser } from '../auth/guest-accounts.ts';
import { productsOnSale } from '../catalog/availability.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail, type MailContent } from '../mail/templates.ts';
import { paymentOfOrder } from '../payments/of-orders.ts';
import { addressLines, cardDescription, formatMoney, taxLabel } from './formatting.ts';
import { issueOrderLink } from './links.ts';
import { SHOP_CURRENCY, SHOP_IDENTITY } from './shop.ts';
import { orderItems, type orders } from './tables.ts';
import type { OrderActor } from './transitions.ts';

export const ORDER_MAIL_KINDS = {
  paid: 'order-confirmation',
  shipped: 'order-shipped',
  delivered: 'order-delivered',
  cancelled: 'order-cancellation',
  refunded: 'order-refund',
} as const satisfies Partial<Record<OrderStatus, string>>;

/** How long a card refund usually takes to show on the shopper's statement, as we tell them. */
const REFUND_DELAY_TEXT = '5–10 business days';

type OrderRow = typeof orders.$inferSelect;

export interface OrderStatusChange {
  /** The order as it is after the change. */
  order: OrderRow;
  from: OrderStatus;
  actor: OrderActor;
}

let links: ShopLinks | undefined;
let origin: string | undefined;

/**
 * Order e-mails link to the order's page at the shop's public origin, which only the app's
 * configuration knows; a status change happens deep inside services that do not carry it, so
 * the app hands it over once at start. One origin per process.
 */
export const orderMails = fp(
  async function orderMailsPlugin(app: FastifyInstance) {
    links = shopLinks(app.config.publicOrigin);
    origin = app.config.publicOrigin;
  },
  { name: 'order-mails' },
);

/**
 * Queues the e-mail that tells the shopper about a status change, when that status has one
 * (paid, shipped, delivered, cancelled, refunded). Call it with the transaction that made the
 * change: `transitionOrder` calls it only when the status really changed, so each of these mails
 * goes once per order (a repeated or racing move changes nothing and queues nothing).
 */
export async function enqueueOrderStatusMail(
  tx: Executor,
  change: OrderStatusChange,
): Promise<void> {
  const { status } = change.order;
  if (!(status in ORDER_MAIL_KINDS)) return;
  const kind = status as keyof typeof ORDER_MAIL_KINDS;
  if (!links) {
    throw new Error('Order e-mails need the shop origin: register the order-mails plugin.');
  }
  const facts = await readOrderFacts(tx, change.order, links);
  if (kind === 'delivered') facts.reviewable = await readReviewable(tx, change.order.id);
  const mail = MAIL_BUILDERS[kind](facts, change);
  const { text, html } = renderMail(mail.content);
  await enqueueMail(tx, {
    to: change.order.email,
    subject: mail.subject,
    text,
    html,
    kind: ORDER_MAIL_KINDS[kind],
  });
}

interface OrderFacts {
  order: OrderRow;
  lines: { name: string; flavor: string; size: string; quantity: number; lineTotal: number }[];
  payment: { amount: number; card: string | null } | null;
  url: string;
  /** The order was placed by a guest that has not made an account (yet). */
  guestOwner: boolean;
  /** The order's products still on sale, once each (read for the delivered mail only). */
  reviewable?: { name: string; slug: string }[];
}

/**
 * The products of the order a shopper can review: each once, in the order's line order, as the
 * shop sells them now (its current name and slug); a product no longer on sale has no page to
 * review it on and is left out.
 */
async function readReviewable(
  tx: Executor,
  orderId: string,
): Promise<{ name: string; slug: string }[]> {
  const lines = await tx
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  // Two flavors of one product are two lines and one review.
  const ids = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))];
  const onSale = await productsOnSale(tx, ids);
  return ids.flatMap((id) => {
    const product = onSale.get(id);
    return product ? [product] : [];
  });
}

/** The product page at its review form, which scrolls into view and takes the focus. */
function reviewLink(slug: string): string {
  return new URL(
    `/product/${encodeURIComponent(slug)}#${WRITE_REVIEW_ANCHOR}`,
    `${origin}/`,
  ).toString();
}

async function readOrderFacts(tx: Executor, order: OrderRow, to: ShopLinks): Promise<OrderFacts> {
  const lines = await tx
    .select({
      name: orderItems.name,
      flavor: orderItems.flavor,
      size: orderItems.size,
      quantity: orderItems.quantity,
      lineTotal: orderItems.lineTotal,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  const payment = await paymentOfOrder(tx, order.id);
  return {
    order,
    lines,
    payment: payment
      ? {
          amount: payment.amount,
          card:
            payment.cardBrand && payment.cardLast4
              ? cardDescription({ brand: payment.cardBrand, last4: payment.cardLast4 })
              : null,
        }
      : null,
    // Each mail carries a link of its own that opens the order without signing in: a guest has
    // no password to come back with, and a shopper may read the mail on another device.
    url: to.orderLink(await issueOrderLink(tx, order.id)),
    guestOwner: await isGuestUser(tx, order.userId),
  };
}

interface BuiltMail {
  subject: string;
  content: MailContent;
}

const MAIL_BUILDERS: Record<
  keyof typeof ORDER_MAIL_KINDS,
  (facts: OrderFacts, change: OrderStatusChange) => BuiltMail
> = {
  paid: confirmationMail,
  shipped: shippedMail,
  delivered: deliveredMail,
  cancelled: cancellationMail,
  refunded: refundMail,
};

function confirmationMail(facts: OrderFacts): BuiltMail {
  const { order, payment } = facts;
  const paidWith = payment?.card ? ` Paid with ${payment.card}.` : '';
  return {
    subject: `Your ${SHOP_IDENTITY.tradeName} order ${orderNumber(order)} is confirmed`,
    content: {
      heading: 'Thank you for your order',
      paragraphs: [
        `${greeting(order)} we have your payment for order ${orderNumber(order)} and are getting it ready. We will e-mail you again when it ships.${paidWith}`,
        `Ships to:\n${addressLines(order.shippingAddress).join('\n')}`,
        `Shipping method: ${SHIPPING_METHOD_LABELS[order.shippingMethod]}`,
        ...(facts.guestOwner
          ? [
              'You checked out as a guest. Create an account with just a password to keep this order in My Orders and check out faster next time.',
            ]
          : []),
      ],
      action: { label: 'View your order', url: facts.url },
      // A guest has no password to come back with: the same link opens the order page at its
      // "Create an account" form, which keeps this order (and the guest's others) in the account.
      ...(facts.guestOwner
        ? { secondaryAction: { label: 'Create an account', url: `${facts.url}#create-account` } }
        : {}),
      details: [...lineDetails(facts), ...totalDetails(order)],
    },
  };
}

function shippedMail(facts: OrderFacts): BuiltMail {
  const { order } = facts;
  const number = orderNumber(order);
  const tracking =
    order.carrier && order.trackingNumber
      ? `It travels with ${order.carrier}; the tracking number is ${order.trackingNumber}.`
      : 'It is on its way.';
  return {
    subject: `Your ${SHOP_IDENTITY.tradeName} order ${number} has shipped`,
    content: {
      heading: `Order ${number} is on its way`,
      paragraphs: [
        `${greeting(order)} order ${number} has left our warehouse. ${tracking}`,
        `Ships to:\n${addressLines(order.shippingAddress).join('\n')}`,
        `Shipping method: ${SHIPPING_METHOD_LABELS[order.shippingMethod]}`,
      ],
      action: { label: 'View your order', url: facts.url },
      details: [
        ...(order.carrier ? [{ label: 'Carrier', value: order.carrier }] : []),
        ...(order.trackingNumber
          ? [{ label: 'Tracking number', value: order.trackingNumber }]
          : []),
        ...lineDetails(facts),
      ],
    },
  };
}

/**
 * The order has arrived: a word, and an invitation to review each product in it. Reviews are
 * written from an account (it keeps and edits them), so only an account's order gets the review
 * links. A guest's order says so instead and offers the order page's "Create an account" (which
 * keeps this order in the new account, whose product pages then offer the form); an order whose
 * account was deleted invites nothing.
 */
function deliveredMail(facts: OrderFacts): BuiltMail {
  const { order } = facts;
  const number = orderNumber(order);
  const reviewable = facts.reviewable ?? [];
  const invite = reviewable.length > 0;
  const account = invite && order.userId !== null && !facts.guestOwner;
  const guest = invite && facts.guestOwner;
  const it = reviewable.length === 1 ? 'it' : 'them';
  return {
    subject: `Your ${SHOP_IDENTITY.tradeName} order ${number} has arrived`,
    content: {
      heading: `Order ${number} has arrived`,
      paragraphs: [
        `${greeting(order)} order ${number} has been delivered. We hope you enjoy it.`,
        ...(account
          ? [
              `How are you finding ${it}? A short review helps other athletes choose, and you can edit it later on the product page.`,
            ]
          : []),
        ...(guest
          ? [
              `Reviews on our shop are written from an account, so that their writer can come back and edit them. Create one with just a password from your order page, and you can review ${it} from the product page.`,
            ]
          : []),
      ],
      ...(account
        ? {
            links: reviewable.map((product) => ({
              label: `Review ${product.name}`,
              url: reviewLink(product.slug),
            })),
          }
        : {}),
      action: { label: 'View your order', url: facts.url },
      ...(guest
        ? { secondaryAction: { label: 'Create an account', url: `${facts.url}#create-account` } }
        : {}),
      details: lineDetails(facts),
    },
  };
}

function cancellationMail(facts: OrderFacts, change: OrderStatusChange): BuiltMail {
  const { order, payment } = facts;
  const number = orderNumber(order);
  const charged = change.from !== 'pending_payment';
  const amount = formatMoney(payment?.amount ?? order.total);
  const refund = charged
    ? `Your payment of ${amount} will be refunded in full${payment?.card ? ` to your ${payment.card}` : ''}. A refund usually shows on your statement within ${REFUND_DELAY_TEXT}.`
    : 'You have not been charged for it.';
  return {
    subject: `Your ${SHOP_IDENTITY.tradeName} order ${number} has been cancelled`,
    content: {
      heading: `Order ${number} cancelled`,
      paragraphs: [
        `${greeting(order)} ${cancellationReason(number, change)}`,
        refund,
        'Changed your mind? You can put the same items back in your cart from the order page.',
      ],
      action: { label: 'View your order', url: facts.url },
      details: [
        ...lineDetails(facts),
        { label: `Order total (${SHOP_CURRENCY})`, value: formatMoney(order.total) },
      ],
    },
  };
}

function cancellationReason(number: string, change: OrderStatusChange): string {
  if (change.actor === 'shopper') return `as you asked, we have cancelled order ${number}.`;
  if (change.actor === 'system' && change.from === 'pending_payment') {
    const minutes = Math.round(ORDER_PAYMENT_WINDOW_MS / 60_000);
    return `we have cancelled order ${number} because its payment was not completed within ${minutes} minutes of placing it.`;
  }
  return `order ${number} has been cancelled.`;
}

function refundMail(facts: OrderFacts): BuiltMail {
  const { order, payment } = facts;
  const number = orderNumber(order);
  // An order moves to refunded when the whole charge goes back.
  const amount = formatMoney(payment?.amount ?? order.total);
  const destination = payment?.card ? ` to your ${payment.card}` : '';
  return {
    subject: `Your refund for ${SHOP_IDENTITY.tradeName} order ${number}`,
    content: {
      heading: `We have refunded order ${number}`,
      paragraphs: [
        `${greeting(order)} we have refunded ${amount}${destination} for order ${number}.`,
        `A refund usually shows on your statement within ${REFUND_DELAY_TEXT}, depending on your bank.`,
      ],
      action: { label: 'View your order', url: facts.url },
      details: [
        { label: `Refund (${SHOP_CURRENCY})`, value: amount },
        ...(payment?.card ? [{ label: 'Refunded to', value: payment.card }] : []),
        ...lineDetails(facts),
      ],
    },
  };
}

/**
 * Queues the e-mail of one refund that does not close the order (a part, goods already shipped,
 * or the money of an order cancelled earlier): how much went back, where, and how much in all.
 * Call it in the transaction that records the refund, so it is sent once, when that commits.
 */
export async function enqueueRefundMail(
  tx: Executor,
  refund: { order: OrderRow; amount: number; refunded: number; paid: number },
): Promise<void> {
  if (!links) {
    throw new Error('Order e-mails need the shop origin: register the order-mails plugin.');
  }
  const facts = await readOrderFacts(tx, refund.order, links);
  const { order, payment } = facts;
  const number = orderNumber(order);
  const amount = formatMoney(refund.amount);
  const destination = payment?.card ? ` to your ${payment.card}` : '';
  const inAll =
    refund.refunded < refund.paid
      ? `In all, ${formatMoney(refund.refunded)} of your payment of ${formatMoney(refund.paid)} has been refunded.`
      : `Your payment of ${formatMoney(refund.paid)} has now been refunded in full.`;
  const { text, html } = renderMail({
    heading: `We have refunded ${amount} of order ${number}`,
    paragraphs: [
      `${greeting(order)} we have refunded ${amount}${destination} for order ${number}. ${inAll}`,
      `A refund usually shows on your statement within ${REFUND_DELAY_TEXT}, depending on your bank.`,
    ],
    action: { label: 'View your order', url: facts.url },
    details: [
      { label: `Refund (${SHOP_CURRENCY})`, value: amount },
      { label: `Refunded in all (${SHOP_CURRENCY})`, value: formatMoney(refund.refunded) },
      ...(payment?.card ? [{ label: 'Refunded to', value: payment.card }] : []),
    ],
  });
  await enqueueMail(tx, {
    to: order.email,
    subject: `Your refund of ${amount} for ${SHOP_IDENTITY.tradeName} order ${number}`,
    text,
    html,
    kind: ORDER_MAIL_KINDS.refunded,
  });
}

function orderNumber(order: OrderRow): string {
  return formatOrderNumber(order.number);
}

function greeting(order: OrderRow): string {
  return `Hi ${order.billingAddress.name},`;
}

function lineDetails({ lines }: OrderFacts): { label: string; value: string }[] {
  return lines.map((line) => ({
    label: `${line.quantity} × ${line.name} (${line.flavor}, ${line.size})`,
    value: formatMoney(line.lineTotal),
  }));
}

function totalDetails(order: OrderRow): { label: string; value: string }[] {
  const rows = [{ label: 'Subtotal', value: formatMoney(order.subtotal) }];
  if (order.discount > 0) {
    const code = order.discountCode ? ` (${order.discountCode}, ${order.percentOff}% off)` : '';
    rows.push({ label: `Discount${code}`, value: formatMoney(-order.discount) });
  }
  rows.push({
    label: 'Shipping',
    value: order.shipping === 0 ? 'Free' : formatMoney(order.shipping),
  });
  for (const tax of order.taxes)
    rows.push({ label: taxLabel(tax), value: formatMoney(tax.amount) });
  rows.push({ label: `Total (${SHOP_CURRENCY})`, value: formatMoney(order.total) });
  return rows;
}
