/**
 * The `message` of every success answer the PWA shows the shopper speaks the request's language:
 * for `Accept-Language: fr-CA` it is the whole French text, and for a request that names no
 * language it stays the shop's English wording (the exported constants, where there are some).
 * Each site below runs its flow once per language; the setup a flow needs (an account, a reset
 * mail, a guest's orders, an order's link…) is done without a language, so only the call under
 * test says which language it reads.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CARDS } from '../../contract/checkout-rules.ts';
import {
  CONSULTATION_SUCCESS_MESSAGE,
  CONTACT_SUCCESS_MESSAGE,
  COUPON_SUCCESS_MESSAGE,
  shopToday,
} from '../../contract/engagement.ts';
import { STOCK_ALERT_SUBSCRIBED, STOCK_ALERT_UNSUBSCRIBED } from '../../contract/stock-alerts.ts';
import {
  FORGOT_PASSWORD_SENT,
  GUEST_ACCOUNT_CREATED,
  GUEST_STARTED,
  PASSWORD_RESET_DONE,
  REGISTERED,
  joinLinkSent,
  ordersJoined,
} from '../../server/modules/auth/routes.ts';
import {
  ACCOUNT_DELETED,
  EMAIL_CHANGED,
  EMAIL_CHANGE_SENT,
} from '../../server/modules/profile/routes.ts';
import { STOCK_ALERT_MAIL_KINDS } from '../../server/modules/stock-alerts/service.ts';
import {
  TEST_PASSWORD,
  mailsTo,
  randomAddress,
  registerUser,
  resetMail,
  sessionCookie,
  uniqueEmail,
  type SignedIn,
} from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, payWithTestCard, placeOrderCall } from './checkout-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: (database) => insertCartCatalog(database.db),
    env: { MAIL_POLL_INTERVAL_MS: '0', ORDER_JOBS_INTERVAL_MS: '0' },
  });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const LANGUAGES = [
  {
    name: 'in French for accept-language: fr-CA',
    headers: { 'accept-language': 'fr-CA' },
    reads: 'french',
  },
  { name: 'in English for a request that names no language', headers: {}, reads: 'english' },
] as const;

const NEW_PASSWORD = 'Brand-new-pass-42';
/** The shopper every flow that shows a name signs up as. */
const NAME = 'Dana';

/** A call from a fresh client address (no flow uses up another's rate limits), in a language. */
function ask(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { as?: SignedIn; body?: object; language?: Headers } = {},
) {
  const caller = { cookie: options.as?.cookie, address: randomAddress() };
  return cartCall(t.app, method, path, caller, options.body, options.language);
}

/** The token in the newest mail of `kind` to `email`, as `pattern`'s first group. */
async function mailedToken(email: string, kind: string, pattern: RegExp): Promise<string> {
  const [mail] = await mailsTo(t.db, email, kind);
  const token = pattern.exec(mail?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no ${kind} link to ${email}:\n${mail?.textBody}`);
  return token;
}

async function startGuest(email: string): Promise<SignedIn> {
  const res = await ask('POST', '/user/auth/guest', { body: { email } });
  expect(res.statusCode, res.body).toBe(201);
  return { user: res.json().user, cookie: sessionCookie(res)! };
}

/** The id of a new unpaid order of this shopper's: an order that no e-mail links to yet. */
async function placeOrder(shopper: SignedIn): Promise<string> {
  const line = { productId: F.creatine, variantId: F.plenty, quantity: 1 };
  const added = await cartCall(t.app, 'POST', '/cart/items', shopper, line);
  expect(added.statusCode, added.body).toBe(200);
  const placed = await placeOrderCall(t.app, shopper, {
    shippingAddress: TORONTO,
    shippingMethod: 'standard',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data.order.id as string;
}

/** Pays the order; answers the token of the order link its confirmation carries. */
async function payOrder(shopper: SignedIn, orderId: string): Promise<string> {
  const paid = await payWithTestCard(t.app, shopper, orderId, TEST_CARDS.succeeds);
  expect(paid.statusCode, paid.body).toBe(200);
  return mailedToken(shopper.user.email, 'order-confirmation', /\/order-link\/([\w-]{43})/);
}

/** A guest of `email` with a paid order asks for an account, from its session or the order link. */
async function guestAccount(via: 'session' | 'order link', email: string, language: Headers = {}) {
  const guest = await startGuest(email);
  const link = await payOrder(guest, await placeOrder(guest));
  const body = { password: NEW_PASSWORD };
  return via === 'session'
    ? ask('POST', '/user/auth/guest/account', { as: guest, body, language })
    : ask('POST', `/order-links/${link}/account`, { body, language });
}

/** A guest of an account's address with `count` orders opens the join link mailed to it. */
async function joinOrders(count: number, email: string, language: Headers) {
  await registerUser(t.app, { email });
  const guest = await startGuest(email);
  for (let i = 0; i < count; i++) await placeOrder(guest);
  const sent = await ask('POST', '/user/auth/guest/account', {
    as: guest,
    body: { password: NEW_PASSWORD },
  });
  expect(sent.statusCode, sent.body).toBe(202);
  const token = await mailedToken(email, 'order-join', /\/join-orders\/([\w-]{43})/);
  return ask('POST', `/user/auth/join-orders/${token}`, { body: {}, language });
}

/** An account of `email` that asked for a password reset (link and code), without a language. */
async function resetAsked(email: string) {
  await registerUser(t.app, { email });
  const forgot = await ask('POST', '/user/auth/forgot-password', { body: { email } });
  expect(forgot.statusCode, forgot.body).toBe(200);
  return resetMail(t.db, email);
}

/** An account that asked to move to `newEmail`; answers the token of the link mailed there. */
async function emailChangeAsked(newEmail: string) {
  const shopper = await registerUser(t.app);
  const body = { newEmail, password: TEST_PASSWORD };
  const res = await ask('POST', '/user/profile/email', { as: shopper, body });
  expect(res.statusCode, res.body).toBe(200);
  return mailedToken(newEmail, 'email-change-confirm', /confirmEmail=([\w-]+)/);
}

/** Asks for a back-in-stock alert of the sold-out creatine for `email`. */
const subscribe = (email: string, language: Headers = {}) =>
  ask('POST', `/products/${F.creatine}/stock-alerts`, {
    body: { variantId: F.unflavored, email },
    language,
  });

/** A consultation's preferred day: a week from today in the shop's time zone. */
function inAWeek(): string {
  const at = new Date(`${shopToday()}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 7);
  return at.toISOString().slice(0, 10);
}

/** A message that names the flow's e-mail address, or one that does not. */
type Text = string | ((email: string) => string);

interface Site {
  site: string;
  status: number;
  english: Text;
  french: Text;
  /** Runs the flow for a fresh `email`; only the call whose answer is checked is in `language`. */
  answer: (email: string, language: Headers) => Promise<LightMyRequestResponse>;
}

const SITES: Site[] = [
  {
    site: 'register',
    status: 201,
    english: REGISTERED,
    french:
      'Bienvenue chez Forge Nutrition! Nous vous avons envoyé un message à votre adresse courriel.',
    answer: (email, language) =>
      ask('POST', '/user/auth/register', {
        body: { name: NAME, email, password: TEST_PASSWORD },
        language,
      }),
  },
  {
    site: 'login',
    status: 200,
    english: `Welcome back, ${NAME}!`,
    french: `Content de vous revoir, ${NAME}!`,
    answer: async (email, language) => {
      await registerUser(t.app, { name: NAME, email });
      return ask('POST', '/user/auth/login', {
        body: { email, password: TEST_PASSWORD },
        language,
      });
    },
  },
  {
    site: 'guest checkout start',
    status: 201,
    english: GUEST_STARTED,
    french:
      'Vous passez la commande en tant qu’invité. Nous enverrons la confirmation de votre commande à cette adresse courriel.',
    answer: (email, language) => ask('POST', '/user/auth/guest', { body: { email }, language }),
  },
  {
    site: 'logout',
    status: 200,
    english: 'You have been signed out.',
    french: 'Vous êtes déconnecté.',
    answer: async (email, language) => {
      const shopper = await registerUser(t.app, { email });
      return ask('GET', '/user/auth/logout', { as: shopper, language });
    },
  },
  {
    // The answer is the same for an address without an account.
    site: 'forgot-password',
    status: 200,
    english: FORGOT_PASSWORD_SENT,
    french:
      'Si un compte existe pour ce courriel, nous avons envoyé un lien pour réinitialiser le mot de passe et un code à 6\u00a0chiffres. Le lien est valide 1\u00a0heure, le code 10\u00a0minutes.',
    answer: (email, language) =>
      ask('POST', '/user/auth/forgot-password', { body: { email }, language }),
  },
  {
    site: 'password reset by the mailed link',
    status: 200,
    english: PASSWORD_RESET_DONE,
    french: 'Votre mot de passe a été réinitialisé. Connectez-vous avec le nouveau mot de passe.',
    answer: async (email, language) => {
      const { token } = await resetAsked(email);
      return ask('PATCH', `/user/auth/reset-password/${token}`, {
        body: { password: NEW_PASSWORD },
        language,
      });
    },
  },
  {
    site: 'password reset by the mailed code',
    status: 200,
    english: PASSWORD_RESET_DONE,
    french: 'Votre mot de passe a été réinitialisé. Connectez-vous avec le nouveau mot de passe.',
    answer: async (email, language) => {
      const { code } = await resetAsked(email);
      return ask('POST', '/user/auth/verify-otp-reset', {
        body: { email, otp: code, password: NEW_PASSWORD },
        language,
      });
    },
  },
  ...(['session', 'order link'] as const).flatMap((via): Site[] => [
    {
      site: `guest → account from the ${via}: account created`,
      status: 201,
      english: GUEST_ACCOUNT_CREATED,
      french:
        'Votre compte est prêt, et vos commandes sont dans Mes commandes. La prochaine fois, connectez-vous avec votre adresse courriel et ce mot de passe.',
      answer: (email, language) => guestAccount(via, email, language),
    },
    {
      site: `guest → account from the ${via}: the address has an account, join link sent`,
      status: 202,
      english: (email) => joinLinkSent(email),
      french: (email) =>
        `${email} a déjà un compte. Nous avons envoyé un lien à ${email}\u00a0: ouvrez-le pour ajouter vos commandes d’invité à ce compte.`,
      answer: async (email, language) => {
        await registerUser(t.app, { email });
        return guestAccount(via, email, language);
      },
    },
  ]),
  {
    site: 'join guest orders: 1 order',
    status: 200,
    english: ordersJoined(1),
    french:
      '1 commande a été ajoutée à votre compte. Connectez-vous pour la voir dans Mes commandes.',
    answer: (email, language) => joinOrders(1, email, language),
  },
  {
    site: 'join guest orders: 2 orders',
    status: 200,
    english: ordersJoined(2),
    french:
      '2 commandes ont été ajoutées à votre compte. Connectez-vous pour les voir dans Mes commandes.',
    answer: (email, language) => joinOrders(2, email, language),
  },
  {
    site: 'change password',
    status: 200,
    english: 'Your password has been changed.',
    french: 'Votre mot de passe a été changé.',
    answer: async (email, language) => {
      const shopper = await registerUser(t.app, { email });
      return ask('PATCH', '/user/auth/change-password', {
        as: shopper,
        body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
        language,
      });
    },
  },
  {
    site: 'e-mail change: link sent',
    status: 200,
    english: EMAIL_CHANGE_SENT,
    french:
      'Nous avons envoyé un lien de confirmation à la nouvelle adresse. Votre courriel changera dès que vous l’ouvrirez; d’ici là, connectez-vous avec l’adresse actuelle.',
    answer: async (email, language) => {
      const shopper = await registerUser(t.app);
      return ask('POST', '/user/profile/email', {
        as: shopper,
        body: { newEmail: email, password: TEST_PASSWORD },
        language,
      });
    },
  },
  {
    site: 'e-mail change: confirmed',
    status: 200,
    english: EMAIL_CHANGED,
    french: 'Votre adresse courriel a été changée. Connectez-vous désormais avec elle.',
    answer: async (email, language) => {
      const token = await emailChangeAsked(email);
      return ask('POST', '/user/profile/email/confirm', { body: { token }, language });
    },
  },
  {
    site: 'account deleted',
    status: 200,
    english: ACCOUNT_DELETED,
    french: 'Votre compte a été supprimé.',
    answer: async (email, language) => {
      const shopper = await registerUser(t.app, { email });
      return ask('POST', '/user/profile/me/delete', {
        as: shopper,
        body: { password: TEST_PASSWORD },
        language,
      });
    },
  },
  {
    site: 'back-in-stock alert: subscribed',
    status: 202,
    english: STOCK_ALERT_SUBSCRIBED,
    french: 'Merci! Nous vous écrirons une seule fois quand il sera de retour en stock.',
    answer: (email, language) => subscribe(email, language),
  },
  {
    site: 'back-in-stock alert: unsubscribed',
    status: 200,
    english: STOCK_ALERT_UNSUBSCRIBED,
    french: 'C’est fait\u00a0: nous ne vous écrirons plus au sujet de cet article.',
    answer: async (email, language) => {
      const subscribed = await subscribe(email);
      expect(subscribed.statusCode, subscribed.body).toBe(202);
      const token = await mailedToken(
        email,
        STOCK_ALERT_MAIL_KINDS.confirmation,
        /\/stock-alerts\/unsubscribe\/([\w-]+)/,
      );
      return ask('POST', `/stock-alerts/unsubscribe/${token}`, { language });
    },
  },
  {
    site: 'discount code requested',
    status: 200,
    english: COUPON_SUCCESS_MESSAGE,
    french: 'Votre code de rabais vous a été envoyé par courriel!',
    answer: (email, language) =>
      ask('POST', '/coupon/request', { body: { name: NAME, email }, language }),
  },
  {
    site: 'contact message sent',
    status: 201,
    english: CONTACT_SUCCESS_MESSAGE,
    french:
      'Merci de votre message! Nous vous avons envoyé une confirmation par courriel et vous répondrons d’ici 1 à 2 jours ouvrables.',
    answer: (email, language) =>
      ask('POST', '/contact', {
        body: {
          name: NAME,
          email,
          subject: 'Question about whey',
          message: 'Is the vanilla whey isolate lactose free?',
        },
        language,
      }),
  },
  {
    site: 'consultation booked',
    status: 201,
    english: CONSULTATION_SUCCESS_MESSAGE,
    french:
      'Votre demande de consultation est enregistrée! Nous vous avons envoyé une confirmation par courriel et communiquerons avec vous pour confirmer l’heure.',
    answer: (email, language) =>
      ask('POST', '/consultations', {
        body: {
          name: NAME,
          email,
          phone: '+1 (416) 555-0134',
          goal: 'build-muscle',
          experienceLevel: 'intermediate',
          preferredDate: inAWeek(),
          preferredTime: '14:30',
          message: 'I train four times a week and want a supplement plan.',
        },
        language,
      }),
  },
  {
    site: "revoking an order's links: links ended",
    status: 200,
    english: 'The links to this order in your e-mails no longer open it.',
    french: 'Les liens vers cette commande dans vos courriels ne l’ouvrent plus.',
    answer: async (email, language) => {
      const shopper = await registerUser(t.app, { email });
      const orderId = await placeOrder(shopper);
      await payOrder(shopper, orderId);
      return ask('DELETE', `/orders/${orderId}/links`, { as: shopper, language });
    },
  },
  {
    // An unpaid order has had no mail, so no link.
    site: "revoking an order's links: none to end",
    status: 200,
    english: 'This order had no links to end.',
    french: 'Cette commande n’avait aucun lien à désactiver.',
    answer: async (email, language) => {
      const shopper = await registerUser(t.app, { email });
      const orderId = await placeOrder(shopper);
      return ask('DELETE', `/orders/${orderId}/links`, { as: shopper, language });
    },
  },
];

const textFor = (text: Text, email: string) => (typeof text === 'string' ? text : text(email));

for (const { site, status, english, french, answer } of SITES) {
  describe(site, () => {
    for (const { name, headers, reads } of LANGUAGES) {
      test(`answers ${name}`, async () => {
        const email = uniqueEmail('said');
        const expected = { english: textFor(english, email), french: textFor(french, email) };
        // The table itself: a French text that were the English would prove nothing.
        expect(expected.french).not.toBe(expected.english);

        const res = await answer(email, headers);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().success).toBe(true);
        expect(res.json().message).toBe(expected[reads]);
      });
    }
  });
}
