/**
 * The e-mails an order's changes send: the confirmation once it is paid, the tracking number
 * when it ships, an invitation to review what arrived once it is delivered, and a word when it is
 * cancelled or refunded. They are queued in the transaction that changes the order, so a mail
 * exists exactly when the change is committed. Each is written in the language the order was
 * placed in, its links to the pages in that language; each builder holds both languages' texts
 * side by side (`l(english, french)`).
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '../../../contract/locale.ts';
import {
  ORDER_PAYMENT_WINDOW_MS,
  formatOrderNumber,
  type OrderStatus,
} from '../../../contract/orders.ts';
import type { Executor } from '../../db/client.ts';
import { shopLinks, type ShopLinks } from '../../lib/links.ts';
import { inLocale } from '../../lib/locale.ts';
import { isGuestUser } from '../auth/guest-accounts.ts';
import { productsOnSale } from '../catalog/availability.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail, type MailContent } from '../mail/templates.ts';
import { paymentOfOrder } from '../payments/of-orders.ts';
import {
  addressLines,
  cardDescription,
  formatMoney,
  shippingMethodLabel,
  taxLabel,
} from './formatting.ts';
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
const REFUND_DELAY_TEXTS: Record<Locale, string> = {
  'en-CA': '5–10 business days',
  'fr-CA': '5 à 10 jours ouvrables',
};

type OrderRow = typeof orders.$inferSelect;

export interface OrderStatusChange {
  /** The order as it is after the change. */
  order: OrderRow;
  from: OrderStatus;
  actor: OrderActor;
}

let origin: string | undefined;

/**
 * Order e-mails link to the order's page at the shop's public origin, which only the app's
 * configuration knows; a status change happens deep inside services that do not carry it, so
 * the app hands it over once at start. One origin per process.
 */
export const orderMails = fp(
  async function orderMailsPlugin(app: FastifyInstance) {
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
  const facts = await readOrderFacts(tx, change.order);
  if (kind === 'delivered') facts.reviewable = await readReviewable(tx, change.order.id);
  const mail = MAIL_BUILDERS[kind](facts, change);
  const { text, html } = renderMail(mail.content, facts.locale);
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
  /** The language the order was placed in, which its mails are written in. */
  locale: Locale;
  /** Links to the shop's pages in that language. */
  links: ShopLinks;
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

async function readOrderFacts(tx: Executor, order: OrderRow): Promise<OrderFacts> {
  if (origin === undefined) {
    throw new Error('Order e-mails need the shop origin: register the order-mails plugin.');
  }
  const { locale } = order;
  const to = shopLinks(origin, locale);
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
    locale,
    links: to,
    lines,
    payment: payment
      ? {
          amount: payment.amount,
          card:
            payment.cardBrand && payment.cardLast4
              ? cardDescription({ brand: payment.cardBrand, last4: payment.cardLast4 }, locale)
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
  const { order, payment, locale } = facts;
  const l = inLocale(locale);
  const number = orderNumber(order);
  const paidWith = payment?.card
    ? l(` Paid with ${payment.card}.`, ` Payée avec votre ${payment.card}.`)
    : '';
  return {
    subject: l(
      `Your ${SHOP_IDENTITY.tradeName} order ${number} is confirmed`,
      `Votre commande ${SHOP_IDENTITY.tradeName} ${number} est confirmée`,
    ),
    content: {
      heading: l('Thank you for your order', 'Merci de votre commande'),
      paragraphs: [
        l(
          `${greeting(facts)} we have your payment for order ${number} and are getting it ready. We will e-mail you again when it ships.${paidWith}`,
          `${greeting(facts)} nous avons bien reçu votre paiement pour la commande ${number} et nous la préparons. Nous vous écrirons de nouveau à son expédition.${paidWith}`,
        ),
        shipsTo(facts),
        shippingMethod(facts),
        ...(facts.guestOwner
          ? [
              l(
                'You checked out as a guest. Create an account with just a password to keep this order in My Orders and check out faster next time.',
                'Vous avez commandé en tant qu’invité. Créez un compte avec un simple mot de passe pour retrouver cette commande dans Mes commandes et commander plus rapidement la prochaine fois.',
              ),
            ]
          : []),
      ],
      action: viewOrder(facts),
      // A guest has no password to come back with: the same link opens the order page at its
      // "Create an account" form, which keeps this order (and the guest's others) in the account.
      ...(facts.guestOwner ? { secondaryAction: createAccount(facts) } : {}),
      details: [...lineDetails(facts), ...totalDetails(facts)],
    },
  };
}

function shippedMail(facts: OrderFacts): BuiltMail {
  const { order, locale } = facts;
  const l = inLocale(locale);
  const number = orderNumber(order);
  const tracking =
    order.carrier && order.trackingNumber
      ? l(
          `It travels with ${order.carrier}; the tracking number is ${order.trackingNumber}.`,
          `Elle est confiée à ${order.carrier}, sous le numéro de suivi ${order.trackingNumber}.`,
        )
      : l('It is on its way.', 'Elle est en route.');
  return {
    subject: l(
      `Your ${SHOP_IDENTITY.tradeName} order ${number} has shipped`,
      `Votre commande ${SHOP_IDENTITY.tradeName} ${number} a été expédiée`,
    ),
    content: {
      heading: l(`Order ${number} is on its way`, `La commande ${number} est en route`),
      paragraphs: [
        l(
          `${greeting(facts)} order ${number} has left our warehouse. ${tracking}`,
          `${greeting(facts)} la commande ${number} a quitté notre entrepôt. ${tracking}`,
        ),
        shipsTo(facts),
        shippingMethod(facts),
      ],
      action: viewOrder(facts),
      details: [
        ...(order.carrier ? [{ label: l('Carrier', 'Transporteur'), value: order.carrier }] : []),
        ...(order.trackingNumber
          ? [{ label: l('Tracking number', 'Numéro de suivi'), value: order.trackingNumber }]
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
  const { order, locale } = facts;
  const l = inLocale(locale);
  const number = orderNumber(order);
  const reviewable = facts.reviewable ?? [];
  const invite = reviewable.length > 0;
  const account = invite && order.userId !== null && !facts.guestOwner;
  const guest = invite && facts.guestOwner;
  const one = reviewable.length === 1;
  return {
    subject: l(
      `Your ${SHOP_IDENTITY.tradeName} order ${number} has arrived`,
      `Votre commande ${SHOP_IDENTITY.tradeName} ${number} est arrivée`,
    ),
    content: {
      heading: l(`Order ${number} has arrived`, `La commande ${number} est arrivée`),
      paragraphs: [
        l(
          `${greeting(facts)} order ${number} has been delivered. We hope you enjoy it.`,
          `${greeting(facts)} la commande ${number} a été livrée. Nous espérons qu’elle vous plaira.`,
        ),
        ...(account
          ? [
              l(
                `How are you finding ${one ? 'it' : 'them'}? A short review helps other athletes choose, and you can edit it later on the product page.`,
                `Comment ${one ? 'le' : 'les'} trouvez-vous${NBSP}? Un court avis aide les autres athlètes à choisir, et vous pourrez le modifier plus tard sur la page du produit.`,
              ),
            ]
          : []),
        ...(guest
          ? [
              l(
                `Reviews on our shop are written from an account, so that their writer can come back and edit them. Create one with just a password from your order page, and you can review ${one ? 'it' : 'them'} from the product page.`,
                `Sur notre boutique, les avis se rédigent à partir d’un compte, pour que leur auteur puisse revenir les modifier. Créez-en un avec un simple mot de passe à partir de la page de votre commande, et vous pourrez donner votre avis sur la page ${one ? 'du produit' : 'de chaque produit'}.`,
              ),
            ]
          : []),
      ],
      ...(account
        ? {
            links: reviewable.map((product) => ({
              label: l(`Review ${product.name}`, `Donner votre avis sur ${product.name}`),
              url: facts.links.productReview(product.slug),
            })),
          }
        : {}),
      action: viewOrder(facts),
      ...(guest ? { secondaryAction: createAccount(facts) } : {}),
      details: lineDetails(facts),
    },
  };
}

function cancellationMail(facts: OrderFacts, change: OrderStatusChange): BuiltMail {
  const { order, payment, locale } = facts;
  const l = inLocale(locale);
  const number = orderNumber(order);
  const charged = change.from !== 'pending_payment';
  const amount = formatMoney(payment?.amount ?? order.total, locale);
  const refund = charged
    ? l(
        `Your payment of ${amount} will be refunded in full${payment?.card ? ` to your ${payment.card}` : ''}. A refund usually shows on your statement within ${REFUND_DELAY_TEXTS[locale]}.`,
        `Votre paiement de ${amount} vous sera remboursé en entier${payment?.card ? ` sur votre ${payment.card}` : ''}. Un remboursement apparaît habituellement sur votre relevé dans un délai de ${REFUND_DELAY_TEXTS[locale]}.`,
      )
    : l('You have not been charged for it.', 'Aucun montant ne vous a été facturé.');
  return {
    subject: l(
      `Your ${SHOP_IDENTITY.tradeName} order ${number} has been cancelled`,
      `Votre commande ${SHOP_IDENTITY.tradeName} ${number} a été annulée`,
    ),
    content: {
      heading: l(`Order ${number} cancelled`, `Commande ${number} annulée`),
      paragraphs: [
        `${greeting(facts)} ${cancellationReason(number, change, locale)}`,
        refund,
        l(
          'Changed your mind? You can put the same items back in your cart from the order page.',
          `Vous avez changé d’avis${NBSP}? Vous pouvez remettre les mêmes articles dans votre panier à partir de la page de la commande.`,
        ),
      ],
      action: viewOrder(facts),
      details: [
        ...lineDetails(facts),
        {
          label: l(`Order total (${SHOP_CURRENCY})`, `Total de la commande (${SHOP_CURRENCY})`),
          value: formatMoney(order.total, locale),
        },
      ],
    },
  };
}

function cancellationReason(number: string, change: OrderStatusChange, locale: Locale): string {
  const l = inLocale(locale);
  if (change.actor === 'shopper')
    return l(
      `as you asked, we have cancelled order ${number}.`,
      `à votre demande, nous avons annulé la commande ${number}.`,
    );
  if (change.actor === 'system' && change.from === 'pending_payment') {
    const minutes = Math.round(ORDER_PAYMENT_WINDOW_MS / 60_000);
    return l(
      `we have cancelled order ${number} because its payment was not completed within ${minutes} minutes of placing it.`,
      `nous avons annulé la commande ${number}, car son paiement n’a pas été effectué dans les ${minutes} minutes qui ont suivi la commande.`,
    );
  }
  return l(`order ${number} has been cancelled.`, `la commande ${number} a été annulée.`);
}

function refundMail(facts: OrderFacts): BuiltMail {
  const { order, payment, locale } = facts;
  const l = inLocale(locale);
  const number = orderNumber(order);
  // An order moves to refunded when the whole charge goes back.
  const amount = formatMoney(payment?.amount ?? order.total, locale);
  return {
    subject: l(
      `Your refund for ${SHOP_IDENTITY.tradeName} order ${number}`,
      `Votre remboursement pour la commande ${SHOP_IDENTITY.tradeName} ${number}`,
    ),
    content: {
      heading: l(`We have refunded order ${number}`, `Nous avons remboursé la commande ${number}`),
      paragraphs: [
        l(
          `${greeting(facts)} we have refunded ${amount}${refundedTo(facts)} for order ${number}.`,
          `${greeting(facts)} nous avons remboursé ${amount}${refundedTo(facts)} pour la commande ${number}.`,
        ),
        refundDelay(locale),
      ],
      action: viewOrder(facts),
      details: [
        {
          label: l(`Refund (${SHOP_CURRENCY})`, `Remboursement (${SHOP_CURRENCY})`),
          value: amount,
        },
        ...refundCardDetails(facts),
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
  const facts = await readOrderFacts(tx, refund.order);
  const { order, locale } = facts;
  const l = inLocale(locale);
  const number = orderNumber(order);
  const amount = formatMoney(refund.amount, locale);
  const refunded = formatMoney(refund.refunded, locale);
  const paid = formatMoney(refund.paid, locale);
  const inAll =
    refund.refunded < refund.paid
      ? l(
          `In all, ${refunded} of your payment of ${paid} has been refunded.`,
          `Au total, un montant de ${refunded} sur votre paiement de ${paid} vous a été remboursé.`,
        )
      : l(
          `Your payment of ${paid} has now been refunded in full.`,
          `Votre paiement de ${paid} vous a maintenant été remboursé en entier.`,
        );
  const { text, html } = renderMail(
    {
      heading: l(
        `We have refunded ${amount} of order ${number}`,
        `Nous avons remboursé ${amount} sur la commande ${number}`,
      ),
      paragraphs: [
        l(
          `${greeting(facts)} we have refunded ${amount}${refundedTo(facts)} for order ${number}. ${inAll}`,
          `${greeting(facts)} nous avons remboursé ${amount}${refundedTo(facts)} pour la commande ${number}. ${inAll}`,
        ),
        refundDelay(locale),
      ],
      action: viewOrder(facts),
      details: [
        {
          label: l(`Refund (${SHOP_CURRENCY})`, `Remboursement (${SHOP_CURRENCY})`),
          value: amount,
        },
        {
          label: l(`Refunded in all (${SHOP_CURRENCY})`, `Total remboursé (${SHOP_CURRENCY})`),
          value: refunded,
        },
        ...refundCardDetails(facts),
      ],
    },
    locale,
  );
  await enqueueMail(tx, {
    to: order.email,
    subject: l(
      `Your refund of ${amount} for ${SHOP_IDENTITY.tradeName} order ${number}`,
      `Votre remboursement de ${amount} pour la commande ${SHOP_IDENTITY.tradeName} ${number}`,
    ),
    text,
    html,
    kind: ORDER_MAIL_KINDS.refunded,
  });
}

function orderNumber(order: OrderRow): string {
  return formatOrderNumber(order.number);
}

/** The no-break space French puts before "?", ":" and ";". */
const NBSP = '\u00a0';

function greeting({ order, locale }: OrderFacts): string {
  return inLocale(locale)(
    `Hi ${order.billingAddress.name},`,
    `Bonjour ${order.billingAddress.name},`,
  );
}

function shipsTo({ order, locale }: OrderFacts): string {
  const label = inLocale(locale)('Ships to:', `Adresse de livraison${NBSP}:`);
  return `${label}\n${addressLines(order.shippingAddress).join('\n')}`;
}

function shippingMethod({ order, locale }: OrderFacts): string {
  const label = inLocale(locale)('Shipping method: ', `Mode de livraison${NBSP}: `);
  return `${label}${shippingMethodLabel(order.shippingMethod, locale)}`;
}

function viewOrder({ locale, url }: OrderFacts): { label: string; url: string } {
  return { label: inLocale(locale)('View your order', 'Voir votre commande'), url };
}

function createAccount({ locale, url }: OrderFacts): { label: string; url: string } {
  return {
    label: inLocale(locale)('Create an account', 'Créer un compte'),
    url: `${url}#create-account`,
  };
}

/** " to your Visa ending in 4242", " sur votre Visa se terminant par 4242", or nothing. */
function refundedTo({ payment, locale }: OrderFacts): string {
  if (!payment?.card) return '';
  return inLocale(locale)(` to your ${payment.card}`, ` sur votre ${payment.card}`);
}

function refundCardDetails({ payment, locale }: OrderFacts): { label: string; value: string }[] {
  if (!payment?.card) return [];
  return [{ label: inLocale(locale)('Refunded to', 'Remboursé sur'), value: payment.card }];
}

function refundDelay(locale: Locale): string {
  return inLocale(locale)(
    `A refund usually shows on your statement within ${REFUND_DELAY_TEXTS[locale]}, depending on your bank.`,
    `Un remboursement apparaît habituellement sur votre relevé dans un délai de ${REFUND_DELAY_TEXTS[locale]}, selon votre banque.`,
  );
}

function lineDetails({ lines, locale }: OrderFacts): { label: string; value: string }[] {
  return lines.map((line) => ({
    label: `${line.quantity} × ${line.name} (${line.flavor}, ${line.size})`,
    value: formatMoney(line.lineTotal, locale),
  }));
}

function totalDetails({ order, locale }: OrderFacts): { label: string; value: string }[] {
  const l = inLocale(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const rows = [{ label: l('Subtotal', 'Sous-total'), value: money(order.subtotal) }];
  if (order.discount > 0) {
    const code = order.discountCode
      ? l(
          ` (${order.discountCode}, ${order.percentOff}% off)`,
          ` (${order.discountCode}, ${order.percentOff}${NBSP}%)`,
        )
      : '';
    rows.push({ label: `${l('Discount', 'Rabais')}${code}`, value: money(-order.discount) });
  }
  rows.push({
    label: l('Shipping', 'Livraison'),
    value: order.shipping === 0 ? l('Free', 'Gratuite') : money(order.shipping),
  });
  for (const tax of order.taxes)
    rows.push({ label: taxLabel(tax, locale), value: money(tax.amount) });
  rows.push({ label: `Total (${SHOP_CURRENCY})`, value: money(order.total) });
  return rows;
}
