/**
 * Back-in-stock alerts. A shopper asks to be told when a sold-out variant is back; the stock
 * module calls `notifyRestocked` in the transaction of every change that takes a variant from 0
 * to more, and each waiting address gets one e-mail, its row deleted in that same transaction.
 * Each alert keeps the language it was asked for in, and both its mails are written in it, their
 * links to the pages in that language; each mail holds both languages' texts side by side.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '../../../contract/locale.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, notFound, HttpError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { shopLinks, type ShopLinks } from '../../lib/links.ts';
import { inLocale } from '../../lib/locale.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { STOCK_ALERT_IN_STOCK, STOCK_ALERT_LINK_USED } from '../../../contract/stock-alerts.ts';
import { findProductId } from '../catalog/products.ts';
import { shareVariantOf, variantsBackInStock } from '../catalog/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import { stockAlerts } from './tables.ts';

export const STOCK_ALERT_MAIL_KINDS = {
  /** Sent when an address starts waiting: it carries the unsubscribe link. */
  confirmation: 'stock-alert-confirmation',
  /** Sent once when the variant is back. */
  restocked: 'stock-alert',
} as const;

let origin: string | undefined;

/**
 * Alerts are queued deep inside stock changes that do not carry the app's configuration, so the
 * app hands over the public origin for their links once at start. One origin per process.
 */
export const stockAlertMails = fp(
  async function stockAlertMailsPlugin(app: FastifyInstance) {
    origin = app.config.publicOrigin;
  },
  { name: 'stock-alert-mails' },
);

/** Links to the shop's pages in `locale`. */
function mailLinks(locale: Locale): ShopLinks {
  if (origin === undefined) {
    throw new Error('Stock alerts need the shop origin: register the stock-alert-mails plugin.');
  }
  return shopLinks(origin, locale);
}

/** What follows the label of a subject line: French puts a no-break space before the colon. */
const subjectColon = (locale: Locale) => inLocale(locale)(': ', '\u00a0: ');

const variantLabel = (flavor: string, size: string) => `${flavor}, ${size}`;

/**
 * Puts an address on the list for a sold-out variant of a product (by id or slug). A repeat for
 * the same address and variant changes nothing and sends nothing; the caller answers alike.
 * 404 for an unknown or hidden product or a variant that is not one of its own, 409 naming
 * `body.variantId` when the variant is in stock. The alert keeps `locale`, the language of the
 * request that asks for it (a repeat keeps the first one's).
 */
export async function subscribeStockAlert(
  db: Database,
  input: { identifier: string; variantId: string; email: string; locale: Locale },
): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await findProductId(tx, input.identifier);
    if (!product) throw notFound('not_found', 'Product not found');
    // Shares the variant row's lock with any stock change in flight: a restock that commits
    // first is seen here (409), one that commits later finds this row and mails it.
    const variant = await shareVariantOf(tx, product, input.variantId, input.locale);
    if (!variant) throw notFound('not_found', 'That flavor and size is not one of this product’s.');
    if (variant.stock > 0) {
      throw conflict('in_stock', STOCK_ALERT_IN_STOCK, {
        errors: [{ path: 'body.variantId', message: STOCK_ALERT_IN_STOCK }],
      });
    }
    const token = newToken();
    const [created] = await tx
      .insert(stockAlerts)
      .values({
        id: newId('salert'),
        variantId: input.variantId,
        email: input.email,
        tokenHash: hashToken(token),
        locale: input.locale,
      })
      .onConflictDoNothing({ target: [stockAlerts.variantId, stockAlerts.email] })
      .returning({ id: stockAlerts.id });
    if (!created) return;
    const { locale } = input;
    const l = inLocale(locale);
    const name = variant.productName;
    const label = variantLabel(variant.flavorName, variant.size);
    const { text, html } = renderMail(
      {
        heading: l(
          `We'll tell you when ${name} is back`,
          `Nous vous écrirons dès le retour de ${name}`,
        ),
        paragraphs: [
          l(
            `${name} (${label}) is sold out right now. We'll send you one e-mail when it is back in stock, and then forget this address for it.`,
            `${name} (${label}) est en rupture de stock pour le moment. Nous vous enverrons un seul courriel dès son retour en stock, puis nous oublierons cette adresse pour cet article.`,
          ),
          l(
            'Did not ask for this, or changed your mind? Stop the alert with the link below.',
            'Vous n’avez pas demandé cette alerte ou vous avez changé d’idée? Arrêtez-la avec le lien ci-dessous.',
          ),
        ],
        action: {
          label: l('Stop this alert', 'Arrêter cette alerte'),
          url: mailLinks(locale).stockAlertUnsubscribe(token),
        },
      },
      locale,
    );
    await enqueueMail(tx, {
      to: input.email,
      subject: `${l('Back-in-stock alert', 'Alerte de retour en stock')}${subjectColon(locale)}${name}`,
      text,
      html,
      kind: STOCK_ALERT_MAIL_KINDS.confirmation,
    });
  });
}

/** Ends the alert of an unsubscribe link; 404 naming `params.token` when none waits for it. */
export async function unsubscribeStockAlert(db: Database, token: string): Promise<void> {
  const removed = await db
    .delete(stockAlerts)
    .where(eq(stockAlerts.tokenHash, hashToken(token)))
    .returning({ id: stockAlerts.id });
  if (removed.length === 0) {
    throw new HttpError(404, 'token_invalid', STOCK_ALERT_LINK_USED, {
      errors: [{ path: 'params.token', message: STOCK_ALERT_LINK_USED }],
    });
  }
}

interface DueAlert {
  email: string;
  locale: Locale;
  product_name: string;
  slug: string;
  flavor_name: string;
  flavor_slug: string;
  size: string;
  product_name_fr: string;
  flavor_name_fr: string;
  size_fr: string;
}

/**
 * Mails every address waiting for these variants (those now in stock, active and of an active
 * product) and ends their alerts. Call it in the transaction that put the stock back, after the
 * change. The rows are taken by one `DELETE … RETURNING`: when two transactions reach the same
 * rows, the second waits for the first and then finds them gone, so no address is mailed twice.
 */
export async function notifyRestocked(tx: Executor, variantIds: readonly string[]): Promise<void> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return;
  const result = (await tx.execute(sql`
    delete from ${stockAlerts} a
    using (${variantsBackInStock(ids)}) v
    where a.variant_id = v.id
    returning a.email, a.locale, v.product_name, v.slug, v.flavor_name, v.flavor_slug, v.size,
      v.product_name_fr, v.flavor_name_fr, v.size_fr
  `)) as unknown as { rows: DueAlert[] };
  if (result.rows.length === 0) return;
  for (const alert of result.rows) {
    const { locale } = alert;
    const l = inLocale(locale);
    const name = l(alert.product_name, alert.product_name_fr);
    const label = l(
      variantLabel(alert.flavor_name, alert.size),
      variantLabel(alert.flavor_name_fr, alert.size_fr),
    );
    const { text, html } = renderMail(
      {
        heading: l(`${name} is back in stock`, `${name} est de retour en stock`),
        paragraphs: [
          l(
            `${name} (${label}) is back on the shelf. Stock can go quickly, so order soon if you still want it.`,
            `${name} (${label}) est de retour sur nos tablettes. Les quantités peuvent partir vite\u00a0: commandez sans tarder si cet article vous intéresse toujours.`,
          ),
          l(
            'This was the one alert you asked for: we will not e-mail you about this item again.',
            'C’était la seule alerte demandée\u00a0: nous ne vous écrirons plus au sujet de cet article.',
          ),
        ],
        action: {
          label: l('Shop it now', 'Magasiner maintenant'),
          url: mailLinks(locale).product(alert.slug, {
            flavor: alert.flavor_slug,
            size: alert.size,
          }),
        },
      },
      locale,
    );
    await enqueueMail(tx, {
      to: alert.email,
      subject: `${l('Back in stock', 'De retour en stock')}${subjectColon(locale)}${name} (${label})`,
      text,
      html,
      kind: STOCK_ALERT_MAIL_KINDS.restocked,
    });
  }
}

/**
 * The alerts waiting for an e-mail address, oldest first, for its account's data export; the
 * unsubscribe token's hash stays out of the file.
 */
export async function exportStockAlertsOf(db: Executor, email: string) {
  return db
    .select({
      variantId: stockAlerts.variantId,
      email: stockAlerts.email,
      locale: stockAlerts.locale,
      createdAt: stockAlerts.createdAt,
    })
    .from(stockAlerts)
    .where(eq(stockAlerts.email, email))
    .orderBy(asc(stockAlerts.createdAt));
}

/** Ends every alert of an e-mail address (its account is being deleted). */
export async function deleteStockAlertsOf(tx: Executor, email: string): Promise<void> {
  await tx.delete(stockAlerts).where(eq(stockAlerts.email, email));
}
