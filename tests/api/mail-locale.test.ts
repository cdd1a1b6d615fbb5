/**
 * Mail and documents in the shopper's language: an order placed from a French page (its request
 * says `Accept-Language: fr-CA`) is mailed and invoiced in French with links to the French pages,
 * the account's mails follow the language of the request that sends them (else the account's),
 * and everything from before — orders and accounts without a language — stays English.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CARDS, type Address, type Order } from '../../contract/orders.ts';
import { newId } from '../../server/lib/ids.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import { mailsTo, randomAddress, registerUser, uniqueEmail } from '../helpers/auth.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../helpers/smtp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import {
  addressIn,
  addressOf,
  newCheckoutKey,
  payWithTestCard,
  shopperWithCart,
} from './checkout-fixtures.ts';
import { readPdfText } from './invoice-text.ts';

const ORIGIN = 'https://shop.example.com';
const MONTREAL: Address = {
  name: 'Élodie Tremblay',
  line1: '1200 rue Sainte-Catherine Ouest',
  line2: undefined,
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H3B 1K9',
  country: 'CA',
  phone: '514-555-0142',
};
const NBSP = '\u00a0';
const FRENCH = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    prepare: ({ db }) => insertCartCatalog(db),
    env: {
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: '0',
      ORDER_JOBS_INTERVAL_MS: '0',
      PUBLIC_ORIGIN: ORIGIN,
    },
  });
});

afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** A shopper's paid order of two tubs, shipped to Montréal, placed with these headers. */
async function paidOrder(headers: Record<string, string> = {}) {
  const shopper = await shopperWithCart(t.app, [
    { productId: F.creatine, variantId: F.plenty, quantity: 2 },
  ]);
  const res = await cartCall(
    t.app,
    'POST',
    '/orders',
    { ...shopper, address: addressOf(shopper) },
    { shippingAddress: addressIn('qc', 'h3b1k9'), shippingMethod: 'standard' },
    { 'idempotency-key': newCheckoutKey(), ...headers },
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data.order as Order;
  const paid = await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
  expect(paid.statusCode, paid.body).toBe(200);
  return { shopper, order };
}

/** Delivers the outbox and answers what the SMTP server received for an address. */
async function received(email: string): Promise<ReceivedMail[]> {
  await t.app.mail.flush();
  return smtp.messages.filter((mail) => mail.to.includes(email));
}

/** The mails received about one order (not the account's welcome). */
async function orderMails(email: string, order: Order): Promise<ReceivedMail[]> {
  return (await received(email)).filter((mail) => mail.subject.includes(order.number));
}

/** Waits for a mail of a kind the route queues after answering (forgot-password). */
async function queued(email: string, kind: string) {
  const deadline = Date.now() + 10_000;
  while ((await mailsTo(t.db, email, kind)).length === 0) {
    if (Date.now() > deadline) throw new Error(`no ${kind} mail queued for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A French amount: "1 234,56 $" with no-break spaces. */
const FRENCH_MONEY = new RegExp(`\\d+,\\d\\d${NBSP}\\$`);

describe('order mails and the invoice', () => {
  test('an order placed from a French page is confirmed in French, with French links', async () => {
    const { shopper, order } = await paidOrder(FRENCH);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.locale).toBe('fr-CA');

    const [mail, ...others] = await orderMails(shopper.user.email, order);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Votre commande Forge Nutrition ${order.number} est confirmée`);
    const { text, html } = mail!;
    expect(text).toContain('Merci de votre commande');
    expect(text).toContain(
      `nous avons bien reçu votre paiement pour la commande ${order.number} et nous la préparons.`,
    );
    expect(text).toContain('Payée avec votre Visa se terminant par 4242.');
    expect(text).toContain(`Mode de livraison${NBSP}: Livraison standard (3 à 7 jours ouvrables)`);
    expect(text).toContain(`Sous-total${NBSP}: ${order.totals.subtotal / 100}`.replace('.', ','));
    expect(text).toContain(`TPS (5${NBSP}%)${NBSP}: `);
    expect(text).toContain(`TVQ (9,975${NBSP}%)${NBSP}: `);
    expect(text).toMatch(new RegExp(`Total \\(CAD\\)${NBSP}: ${FRENCH_MONEY.source}`));
    expect(text).not.toMatch(/\$\d/);
    const link = new RegExp(
      `Voir votre commande${NBSP}: (${ORIGIN}/fr/order-link/[\\w-]{43})`,
    ).exec(text)?.[1];
    expect(link, text).toBeDefined();
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('<html lang="fr-CA">');
    expect(html).toContain('Forge Nutrition — nutrition sportive, livrée partout au Canada.');
    expect(text).not.toMatch(/\b(Your|Thank|Subtotal|Shipping|Paid)\b/);
  });

  test('an order placed without a language is confirmed in English as before', async () => {
    const { shopper, order } = await paidOrder();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.locale).toBe('en-CA');
    const [mail] = await orderMails(shopper.user.email, order);
    expect(mail!.subject).toBe(`Your Forge Nutrition order ${order.number} is confirmed`);
    expect(mail!.text).toContain('Paid with Visa ending in 4242.');
    expect(mail!.text).toMatch(/Total \(CAD\): \$\d+\.\d\d/);
    expect(mail!.text).toMatch(new RegExp(`View your order: ${ORIGIN}/order-link/[\\w-]{43}`));
    expect(mail!.html).toContain('<html lang="en">');
    expect(mail!.text).toContain('— Forge Nutrition — sports nutrition, delivered across Canada.');
  });

  test('a French order ships in French, whatever language the staff use', async () => {
    const { shopper, order } = await paidOrder(FRENCH);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, shopper.user._id));
    for (const body of [
      { status: 'processing' },
      { status: 'shipped', carrier: 'Postes Canada', trackingNumber: '7023 4567 8901' },
    ]) {
      const res = await cartCall(t.app, 'POST', `/admin/orders/${order.id}/status`, shopper, body, {
        'accept-language': 'en-CA',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const shipped = (await orderMails(shopper.user.email, order))[1]!;
    expect(shipped.subject).toBe(`Votre commande Forge Nutrition ${order.number} a été expédiée`);
    expect(shipped.text).toContain(
      'Elle est confiée à Postes Canada, sous le numéro de suivi 7023 4567 8901.',
    );
    expect(shipped.text).toContain(`Numéro de suivi${NBSP}: 7023 4567 8901`);
  });

  test('the invoice of a French order is in French: labels, dates and money', async () => {
    const { shopper, order } = await paidOrder(FRENCH);
    const res = await cartCall(t.app, 'GET', `/orders/${order.id}/invoice`, shopper);
    expect(res.statusCode, res.body).toBe(200);
    const text = (await readPdfText(res.rawPayload)).pageText(0);
    for (const label of [
      'FACTURE',
      'N° de facture',
      'Date de commande',
      'Statut',
      'Payée',
      'FACTURER À',
      'LIVRER À',
      'Article | Saveur | Format | Qté | Prix unit. | Montant',
      'Sous-total',
      'Livraison (standard)',
      `TPS (5${NBSP}%)`,
      `TVQ (9,975${NBSP}%)`,
      'PAIEMENT',
      'Payée par Visa se terminant par 4242 le ',
      'Tous les montants sont en dollars canadiens (CAD).',
      'N° d’inscription à la TVQ',
      'Page 1 de 1',
    ]) {
      expect(text, label).toContain(label);
    }
    expect(text).toMatch(new RegExp(`Total \\(CAD\\) \\| ${FRENCH_MONEY.source}`));
    expect(text).toMatch(
      /\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/,
    );
    expect(text).not.toMatch(/\$\d|Subtotal|INVOICE/);

    const english = await paidOrder();
    const invoice = await cartCall(
      t.app,
      'GET',
      `/orders/${english.order.id}/invoice`,
      english.shopper,
    );
    const englishText = (await readPdfText(invoice.rawPayload)).pageText(0);
    expect(englishText).toContain('INVOICE');
    expect(englishText).toMatch(/Total \(CAD\) \| \$\d+\.\d\d/);
  });

  test('an order written before orders had a language is English', async () => {
    const id = newId('ord');
    const [row] = await t.db
      .insert(orders)
      .values({
        id,
        email: `${id}@example.com`,
        checkoutKey: newId('key'),
        shippingMethod: 'standard',
        shippingAddress: MONTREAL,
        billingAddress: MONTREAL,
        itemCount: 0,
        subtotal: 0,
        discount: 0,
        shipping: 0,
        taxes: [],
        total: 0,
      })
      .returning();
    expect(row!.locale).toBe('en-CA');
    await expect(
      t.db
        .update(orders)
        .set({ locale: 'de-DE' as 'en-CA' })
        .where(eq(orders.id, id)),
    ).rejects.toThrow();
  });
});

describe('account mails', () => {
  test('a reset asked for from a French page is French, its link to the French page', async () => {
    const { user } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/forgot-password',
      remoteAddress: randomAddress(),
      headers: FRENCH,
      payload: { email: user.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    await queued(user.email, 'password-reset');
    const mail = (await received(user.email)).find((m) => m.subject.includes('mot de passe'))!;
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Forge Nutrition');
    expect(mail.text).toContain(`Bonjour ${user.name},`);
    expect(mail.text).toContain(
      'Utilisez le bouton ci-dessous d’ici 60 minutes pour choisir un nouveau mot de passe',
    );
    expect(mail.text).toMatch(/^\d{6}$/m);
    expect(mail.text).toMatch(
      new RegExp(`Choisir un nouveau mot de passe${NBSP}: ${ORIGIN}/fr/reset-password/[\\w-]{43}`),
    );
  });

  test('an English reset is as it was', async () => {
    const { user } = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/forgot-password',
      remoteAddress: randomAddress(),
      headers: { 'accept-language': 'en-CA' },
      payload: { email: user.email },
    });
    await queued(user.email, 'password-reset');
    const mail = (await received(user.email)).find((m) => m.subject.includes('password'))!;
    expect(mail.subject).toBe('Reset your Forge Nutrition password');
    expect(mail.text).toMatch(new RegExp(`Choose a new password: ${ORIGIN}/reset-password/`));
  });

  test('the account keeps the language it was made in and last signed in with', async () => {
    const email = uniqueEmail();
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/register',
      remoteAddress: randomAddress(),
      headers: FRENCH,
      payload: { name: 'Élodie', email, password: 'Correct-horse-9' },
    });
    expect(register.statusCode, register.body).toBe(201);
    const [welcome] = await received(email);
    expect(welcome!.subject).toBe('Bienvenue chez Forge Nutrition');
    expect(welcome!.text).toContain('Votre compte est prêt.');
    const localeOf = async () =>
      (await t.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]!
        .locale;
    expect(await localeOf()).toBe('fr-CA');

    // A request that names no language (another client) mails in the account's language.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/forgot-password',
      remoteAddress: randomAddress(),
      payload: { email },
    });
    await queued(email, 'password-reset');
    expect((await received(email)).map((m) => m.subject)).toContain(
      'Réinitialisez votre mot de passe Forge Nutrition',
    );

    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/auth/login',
        remoteAddress: randomAddress(),
        headers,
        payload: { email, password: 'Correct-horse-9' },
      });
    expect((await login({ 'accept-language': 'en-CA' })).statusCode).toBe(200);
    expect(await localeOf()).toBe('en-CA');
    expect((await login({})).statusCode).toBe(200);
    expect(await localeOf()).toBe('en-CA');
    expect((await login(FRENCH)).statusCode).toBe(200);
    expect(await localeOf()).toBe('fr-CA');
  });
});
