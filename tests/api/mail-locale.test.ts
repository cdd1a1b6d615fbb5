/**
 * Mail and documents in the shopper's language: an order placed from a French page (its request
 * says `Accept-Language: fr-CA`) is mailed and invoiced in French with links to the French pages,
 * the account's mails follow the language of the request that sends them (else the account's),
 * the forms' mails (contact, consultation, discount code) the request that sends them, a
 * back-in-stock alert the language it was asked for in, and everything from before — orders,
 * accounts and alerts without a language — stays English.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopToday } from '../../contract/engagement.ts';
import { TEST_CARDS, type Address, type Order } from '../../contract/orders.ts';
import { newId } from '../../server/lib/ids.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { flavors, variants } from '../../server/modules/catalog/tables.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import { notifyRestocked } from '../../server/modules/stock-alerts/service.ts';
import { stockAlerts } from '../../server/modules/stock-alerts/tables.ts';
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
const SHOP_ADDRESS = 'desk@shop.example.com';
/** A sold-out creatine tub of this file's own, for the back-in-stock alerts. */
const SOLD_OUT = 'var_ml_alert';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    prepare: async ({ db }) => {
      await insertCartCatalog(db);
      await db.insert(variants).values({
        id: SOLD_OUT,
        productId: F.creatine,
        flavorId: 'flv_fx_plain',
        size: '2 kg',
        sku: 'FX-ML-2000',
        price: 3999,
        stock: 0,
      });
    },
    env: {
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: '0',
      ORDER_JOBS_INTERVAL_MS: '0',
      PUBLIC_ORIGIN: ORIGIN,
      SHOP_CONTACT_EMAIL: SHOP_ADDRESS,
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
    // Found by its subject: the outbox sends the confirmation and this one in no set order.
    const mails = await orderMails(shopper.user.email, order);
    const shipped = mails.find((mail) => mail.subject.endsWith('expédiée'));
    expect(shipped, mails.map((mail) => mail.subject).join('\n')).toBeDefined();
    expect(shipped!.subject).toBe(`Votre commande Forge Nutrition ${order.number} a été expédiée`);
    expect(shipped!.text).toContain(
      'Elle est confiée à Postes Canada, sous le numéro de suivi 7023 4567 8901.',
    );
    expect(shipped!.text).toContain(`Numéro de suivi${NBSP}: 7023 4567 8901`);
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

/** Posts a form to the API as a page in that language would. */
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    remoteAddress: randomAddress(),
    headers,
    payload,
  });

/** A day a week from today in the shop's time zone, as the consultation form sends it. */
function nextWeek(): string {
  const at = new Date(`${shopToday()}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 7);
  return at.toISOString().slice(0, 10);
}

/** The shop's copy of a form sent from an address. */
async function shopCopy(reference: string): Promise<ReceivedMail> {
  await t.app.mail.flush();
  const copy = smtp.messages.find((m) => m.to.includes(SHOP_ADDRESS) && m.text.includes(reference));
  expect(copy).toBeDefined();
  return copy!;
}

describe('the forms’ mails', () => {
  test('a discount code asked for from a French page is mailed in French', async () => {
    const email = uniqueEmail('coupon-fr');
    const res = await post('/coupon/request', { name: 'Élodie Tremblay', email }, FRENCH);
    expect(res.statusCode, res.body).toBe(200);
    const [mail, ...others] = await received(email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Votre code de 10${NBSP}% de rabais chez Forge Nutrition`);
    expect(mail!.text).toContain(`Votre code de 10${NBSP}% de rabais`);
    expect(mail!.text).toContain('Bonjour Élodie Tremblay,');
    expect(mail!.text).toMatch(
      new RegExp(
        `Merci de vous joindre à Forge Nutrition\\. Entrez ce code dans votre panier pour obtenir 10${NBSP}% de rabais sur une commande\\. Il peut être utilisé une seule fois, jusqu’au \\d{1,2}(er)? [a-zéû]+ \\d{4}\\.`,
      ),
    );
    expect(mail!.html).toContain('<html lang="fr-CA">');
    expect(mail!.text).not.toMatch(/\b(Your|Thanks|Hi|off)\b/);
  });

  test('a discount code asked for in English is mailed as before', async () => {
    const email = uniqueEmail('coupon-en');
    expect((await post('/coupon/request', { name: 'Riley Lifter', email })).statusCode).toBe(200);
    const [mail] = await received(email);
    expect(mail!.subject).toBe('Your 10% discount code from Forge Nutrition');
    expect(mail!.text).toContain('Hi Riley Lifter,');
    expect(mail!.text).toMatch(
      /Thanks for joining Forge Nutrition\. Enter this code in your cart to take 10% off one order\. It can be used once, until [A-Z][a-z]+ \d{1,2}, \d{4}\./,
    );
    expect(mail!.html).toContain('<html lang="en">');
  });

  test('a contact message from a French page is confirmed in French; the shop’s copy is English', async () => {
    const email = uniqueEmail('contact-fr');
    const res = await post(
      '/contact',
      {
        name: 'Élodie Tremblay',
        email,
        subject: 'Question sur la protéine',
        message: 'La protéine de lactosérum isolée contient-elle du lactose?',
      },
      FRENCH,
    );
    expect(res.statusCode, res.body).toBe(201);
    const reference = res.json().data._id as string;
    const [mail] = await received(email);
    expect(mail!.subject).toBe('Nous avons bien reçu votre message — Forge Nutrition');
    expect(mail!.text).toContain('Bonjour Élodie Tremblay,');
    expect(mail!.text).toContain(
      'Merci de nous avoir écrit. Nous vous répondrons à cette adresse d’ici 1 à 2 jours ouvrables.',
    );
    expect(mail!.text).toContain(`Référence${NBSP}: ${reference}`);
    expect(mail!.html).toContain('<html lang="fr-CA">');

    const copy = await shopCopy(reference);
    expect(copy.subject).toBe('Contact form: Question sur la protéine');
    expect(copy.text).toContain(`Reference: ${reference}`);
    expect(copy.text).toContain('Language: French — please reply in French');
  });

  test('an English contact message is confirmed as before, and its copy names no language', async () => {
    const email = uniqueEmail('contact-en');
    const res = await post('/contact', {
      name: 'Jordan Reps',
      email,
      subject: 'Question about whey',
      message: 'Is the vanilla whey isolate lactose free?',
    });
    expect(res.statusCode, res.body).toBe(201);
    const reference = res.json().data._id as string;
    const [mail] = await received(email);
    expect(mail!.subject).toBe('We received your message — Forge Nutrition');
    expect(mail!.text).toContain(
      'Thanks for contacting us. We will reply to this address within 1–2 business days.',
    );
    expect(mail!.text).toContain(`Reference: ${reference}`);
    expect((await shopCopy(reference)).text).not.toContain('Language');
  });

  test('a consultation booked from a French page is confirmed in French', async () => {
    const email = uniqueEmail('consult-fr');
    const booking = {
      name: 'Élodie Tremblay',
      email,
      phone: '514-555-0142',
      goal: 'build-muscle',
      experienceLevel: 'intermediate',
      preferredDate: nextWeek(),
      preferredTime: '14:30',
      message: 'Je m’entraîne quatre fois par semaine.',
    };
    const res = await post('/consultations', booking, FRENCH);
    expect(res.statusCode, res.body).toBe(201);
    const reference = res.json().data._id as string;
    const [mail] = await received(email);
    expect(mail!.subject).toBe('Votre demande de consultation — Forge Nutrition');
    const { text } = mail!;
    expect(text).toContain('Bonjour Élodie Tremblay,');
    expect(text).toContain(
      'Merci d’avoir réservé une consultation. Nous vous appellerons ou vous écrirons d’ici 1 à 2 jours ouvrables pour confirmer l’heure.',
    );
    const day = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'full', timeZone: 'UTC' })
      .format(new Date(`${booking.preferredDate}T12:00:00Z`))
      .replace(/ 1 /, ' 1er ');
    expect(text).toContain(`Date${NBSP}: ${day}`);
    expect(text).toContain(`Heure${NBSP}: 14${NBSP}h${NBSP}30 (heure de l’Est)`);
    expect(text).toContain(`Objectif${NBSP}: Prendre du muscle`);
    expect(text).toContain(`Expérience${NBSP}: Intermédiaire`);
    expect(text).toContain(`Référence${NBSP}: ${reference}`);
    expect(text).not.toMatch(/\b(Your|Thanks|Goal|Time|Eastern|Build|Intermediate)\b/);

    const copy = await shopCopy(reference);
    expect(copy.text).toContain('Time: 14:30 (Eastern time)');
    expect(copy.text).toContain('Goal: Build muscle');
    expect(copy.text).toContain('Language: French — please reply in French');
  });

  test('an English consultation is confirmed as before', async () => {
    const email = uniqueEmail('consult-en');
    const res = await post('/consultations', {
      name: 'Morgan Strong',
      email,
      phone: '+1 (416) 555-0134',
      goal: 'general-health',
      experienceLevel: 'beginner',
      preferredDate: nextWeek(),
      preferredTime: '09:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await received(email);
    expect(mail!.subject).toBe('Your consultation request — Forge Nutrition');
    expect(mail!.text).toContain('Hi Morgan Strong,');
    expect(mail!.text).toMatch(/^Date: [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/m);
    expect(mail!.text).toContain('Time: 09:00 (Eastern time)\nGoal: General health');
    expect(mail!.text).toContain('Experience: Beginner');
  });
});

describe('back-in-stock alerts', () => {
  const subscribe = (email: string, headers: Record<string, string> = {}) =>
    post(`/products/${F.creatine}/stock-alerts`, { variantId: SOLD_OUT, email }, headers);

  /** Puts the tub back in stock, as a stock change does, and sold out again after. */
  async function restock() {
    await t.db.transaction(async (tx) => {
      await tx.update(variants).set({ stock: 4 }).where(eq(variants.id, SOLD_OUT));
      await notifyRestocked(tx, [SOLD_OUT]);
    });
    await t.db.update(variants).set({ stock: 0 }).where(eq(variants.id, SOLD_OUT));
  }

  test('an alert set from a French page is confirmed and sent in French, with French links', async () => {
    // The flavor as the catalog writes it in French.
    await t.db
      .update(flavors)
      .set({ translations: { 'fr-CA': { name: 'Sans saveur' } } })
      .where(eq(flavors.slug, 'fx-unflavored'));
    const email = uniqueEmail('alert-fr');
    expect((await subscribe(email, FRENCH)).statusCode).toBe(202);
    const [row] = await t.db.select().from(stockAlerts).where(eq(stockAlerts.email, email));
    expect(row!.locale).toBe('fr-CA');

    const [confirmation] = await received(email);
    expect(confirmation!.subject).toBe(`Alerte de retour en stock${NBSP}: FX Creatine`);
    expect(confirmation!.text).toContain('Nous vous écrirons dès le retour de FX Creatine');
    expect(confirmation!.text).toContain(
      'FX Creatine (Sans saveur, 2 kg) est en rupture de stock pour le moment. Nous vous enverrons un seul courriel dès son retour en stock',
    );
    const stop = new RegExp(
      `Arrêter cette alerte${NBSP}: (${ORIGIN}/fr/stock-alerts/unsubscribe/[\\w-]{43})`,
    ).exec(confirmation!.text)?.[1];
    expect(stop, confirmation!.text).toBeDefined();
    expect(confirmation!.html).toContain(`href="${stop}"`);

    // Whoever restocks, in whatever language, the alert goes out in the one it was set in.
    await restock();
    const alert = (await received(email)).find((m) => m.subject.startsWith('De retour'));
    expect(alert!.subject).toBe(`De retour en stock${NBSP}: FX Creatine (Sans saveur, 2 kg)`);
    expect(alert!.text).toContain('FX Creatine est de retour en stock');
    expect(alert!.text).toContain(
      'FX Creatine (Sans saveur, 2 kg) est de retour sur nos tablettes.',
    );
    expect(alert!.text).toContain(
      `C’était la seule alerte demandée${NBSP}: nous ne vous écrirons plus au sujet de cet article.`,
    );
    const shop = `${ORIGIN}/fr/product/fx-creatine?flavor=fx-unflavored&size=2+kg`;
    expect(alert!.text).toContain(`Magasiner maintenant${NBSP}: ${shop}`);
    expect(alert!.html).toContain(`href="${shop.replace('&', '&amp;')}"`);
    expect(alert!.html).toContain('<html lang="fr-CA">');
    expect(alert!.text).not.toMatch(/\b(Back|back|Shop|order|alert you)\b/);
  });

  test('an alert set in English is confirmed and sent as before', async () => {
    const email = uniqueEmail('alert-en');
    expect((await subscribe(email, { 'accept-language': 'en-CA' })).statusCode).toBe(202);
    const [confirmation] = await received(email);
    expect(confirmation!.subject).toBe('Back-in-stock alert: FX Creatine');
    expect(confirmation!.text).toContain(
      "FX Creatine (Unflavored, 2 kg) is sold out right now. We'll send you one e-mail when it is back in stock, and then forget this address for it.",
    );
    expect(confirmation!.text).toMatch(
      new RegExp(`Stop this alert: ${ORIGIN}/stock-alerts/unsubscribe/[\\w-]{43}`),
    );

    await restock();
    const alert = (await received(email)).find((m) => m.subject.startsWith('Back in stock'));
    expect(alert!.subject).toBe('Back in stock: FX Creatine (Unflavored, 2 kg)');
    expect(alert!.text).toContain(
      'FX Creatine (Unflavored, 2 kg) is back on the shelf. Stock can go quickly, so order soon if you still want it.',
    );
    expect(alert!.text).toContain(
      `Shop it now: ${ORIGIN}/product/fx-creatine?flavor=fx-unflavored&size=2+kg`,
    );
    expect(alert!.html).toContain('<html lang="en">');
  });

  test('an alert from before alerts had a language is English', async () => {
    const [row] = await t.db
      .insert(stockAlerts)
      .values({
        id: newId('salert'),
        variantId: SOLD_OUT,
        email: uniqueEmail('alert-old'),
        tokenHash: newId('hash'),
      })
      .returning();
    expect(row!.locale).toBe('en-CA');
    await expect(
      t.db
        .update(stockAlerts)
        .set({ locale: 'fr-FR' as 'fr-CA' })
        .where(eq(stockAlerts.id, row!.id)),
    ).rejects.toThrow();
    await t.db.delete(stockAlerts).where(eq(stockAlerts.id, row!.id));
  });
});
