import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authResponse,
  changePasswordBody,
  forgotPasswordBody,
  GUEST_NAME,
  guestAccountBody,
  guestBody,
  joinOrdersParams,
  loginBody,
  messageResponse,
  profileResponse,
  registerBody,
  resetPasswordBody,
  resetPasswordParams,
  updateProfileBody,
  verifyOtpResetBody,
} from '../../../contract/auth.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { shopLinks } from '../../lib/links.ts';
import { askedLocale, inLocale, requestLocale, saidTo } from '../../lib/locale.ts';
import type { RateLimitSet } from '../../plugins/rate-limit.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import { mergeGuestCart } from '../cart/service.ts';
import { orderByLink } from '../orders/links.ts';
import { ORDER_LINK_INVALID, ORDER_LINK_RATE_LIMIT } from '../orders/routes.ts';
import {
  changePassword,
  createGuest,
  getProfile,
  login,
  register,
  updateProfile,
} from './accounts.ts';
import { accountForGuest, joinGuestOrders, type GuestAccountOutcome } from './guest-accounts.ts';
import { requestPasswordReset, resetWithCode, resetWithToken } from './password-reset.ts';
import { warmUpPasswords } from './passwords.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Login limits: against guessing, without handing anyone a way to lock an owner out. Every try
 * counts before its password is checked, so parallel guesses cannot slip past.
 */
const LOGIN_WINDOW_MS = 15 * MINUTE;
/** One client at one account: ten wrong passwords stop that client, not the account. */
const LOGIN_TRIES_PER_CLIENT_AND_ACCOUNT = 10;
/** One client over many accounts (password spraying): a few shared-office users' worth. */
const LOGIN_TRIES_PER_CLIENT = 50;
/**
 * One account from every address together (a spread-out attack): ten clients' worth, so a single
 * attacker needs ten addresses to stop the owner, who can then still reset the password by e-mail.
 */
const LOGIN_TRIES_PER_ACCOUNT = 10 * LOGIN_TRIES_PER_CLIENT_AND_ACCOUNT;

/**
 * Registration says when an e-mail already has an account (see ACCOUNT_EXISTS), so it is kept
 * tight: a household or office registers a few accounts an hour, while one address can learn
 * whether at most this many e-mails are customers per hour.
 */
const REGISTRATIONS_PER_CLIENT = 10;

/**
 * Limits of each endpoint; the subject is the e-mail sent (the account for change-password).
 * Forgot-password and the reset code follow the login pattern, so nobody can use up someone else's
 * resets from one address either.
 */
export const AUTH_RATE_LIMITS = {
  login: {
    address: { max: LOGIN_TRIES_PER_CLIENT, windowMs: LOGIN_WINDOW_MS },
    subjectAndAddress: { max: LOGIN_TRIES_PER_CLIENT_AND_ACCOUNT, windowMs: LOGIN_WINDOW_MS },
    subject: { max: LOGIN_TRIES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS },
  },
  register: {
    address: { max: REGISTRATIONS_PER_CLIENT, windowMs: HOUR },
    subject: { max: 5, windowMs: HOUR },
  },
  // As many guest checkouts an hour from one address as registrations: each makes a session and a
  // row. No limit per e-mail: the answer says nothing about the address, and a shopper may start
  // again on another device.
  guest: { address: { max: REGISTRATIONS_PER_CLIENT, windowMs: HOUR } },
  forgotPassword: {
    address: { max: 20, windowMs: HOUR },
    subjectAndAddress: { max: 5, windowMs: HOUR },
    // Also the cap on reset mails one inbox can be sent.
    subject: { max: 15, windowMs: HOUR },
  },
  verifyOtp: {
    address: { max: 30, windowMs: 15 * MINUTE },
    subjectAndAddress: { max: 10, windowMs: 15 * MINUTE },
    subject: { max: 30, windowMs: 15 * MINUTE },
  },
  resetPassword: { address: { max: 30, windowMs: 15 * MINUTE } },
  // A guest's account, from its session or an order link: as tight as registering. The subject is
  // the guest's address, which also caps the join links one account's mailbox can be sent.
  guestAccount: {
    address: { max: REGISTRATIONS_PER_CLIENT, windowMs: HOUR },
    subject: { max: 5, windowMs: HOUR },
  },
  // Opening a join link: like a reset link, a 256-bit token the limit only keeps from being scanned.
  joinOrders: { address: { max: 30, windowMs: 15 * MINUTE } },
  changePassword: {
    address: { max: 30, windowMs: 15 * MINUTE },
    subject: { max: 10, windowMs: 15 * MINUTE },
  },
} satisfies Record<string, RateLimitSet>;

export const INVALID_LOGIN = 'Invalid email or password.';
export const GUEST_STARTED =
  'You are checking out as a guest. We will send your order confirmation to this e-mail address.';
export const FORGOT_PASSWORD_SENT =
  'If an account exists for this e-mail, we have sent a link to reset the password and a 6-digit code. The link works for 1 hour, the code for 10 minutes.';
export const REGISTERED =
  'Welcome to Forge Nutrition! We have sent a message to your e-mail address.';
/**
 * The answer to registering a taken address. Hiding it (an answer shaped like a success) could not
 * be kept up, since the new "account" cannot sign in; the shopper is told plainly instead, and the
 * register limits bound what a stranger learns from it.
 */
export const ACCOUNT_EXISTS =
  'This e-mail already has an account. Sign in, or reset your password if you have forgotten it.';
export const ACCOUNT_EXISTS_FIELD = 'This e-mail already has an account.';
export const INVALID_RESET_LINK =
  'This reset link is invalid or has expired. Please ask for a new one.';
export const INVALID_RESET_CODE =
  'This code is incorrect or has expired. Check the e-mail or ask for a new code.';
export const GUEST_ACCOUNT_CREATED =
  'Your account is ready, and your orders are in My Orders. Sign in next time with your e-mail address and this password.';
export const ALREADY_AN_ACCOUNT = 'You already have an account.';
export const ORDER_HAS_ACCOUNT = 'This order already belongs to an account.';
export const joinLinkSent = (email: string, locale: Locale = DEFAULT_LOCALE) =>
  inLocale(locale)(
    `${email} already has an account. We have sent a link to ${email}: open it to add your guest orders to that account.`,
    `${email} a déjà un compte. Nous avons envoyé un lien à ${email}\u00a0: ouvrez-le pour ajouter vos commandes d’invité à ce compte.`,
  );
export const INVALID_JOIN_LINK =
  'This link is invalid, has expired or has already been used. Sign in to see the orders of your account.';
export const ordersJoined = (count: number, locale: Locale = DEFAULT_LOCALE) => {
  const l = inLocale(locale);
  return count === 1
    ? l(
        '1 order was added to your account. Sign in to see it in My Orders.',
        '1 commande a été ajoutée à votre compte. Connectez-vous pour la voir dans Mes commandes.',
      )
    : l(
        `${count} orders were added to your account. Sign in to see them in My Orders.`,
        `${count} commandes ont été ajoutées à votre compte. Connectez-vous pour les voir dans Mes commandes.`,
      );
};
export const PASSWORD_RESET_DONE =
  'Your password has been reset. Please sign in with the new password.';
const passwordResetDone = (request: FastifyRequest) =>
  saidTo(request)(
    PASSWORD_RESET_DONE,
    'Votre mot de passe a été réinitialisé. Connectez-vous avec le nouveau mot de passe.',
  );

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** A mail's link to a page, in the mail's language. */
  const resetUrl = (token: string, locale: Locale) =>
    shopLinks(app.config.publicOrigin, locale).resetPassword(token);
  const joinUrl = (token: string, locale: Locale) =>
    shopLinks(app.config.publicOrigin, locale).joinOrders(token);
  void warmUpPasswords();
  const queuedResets = new WeakMap<FastifyRequest, () => Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(inFlight);
  });

  const limit = (request: FastifyRequest, name: keyof typeof AUTH_RATE_LIMITS, subject?: string) =>
    app.rateLimit.checkSet(request, name, AUTH_RATE_LIMITS[name], subject);

  app.post(
    '/user/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        description:
          'An e-mail that already has an account answers 409 naming body.email; nothing changes.',
        body: registerBody,
        response: { 201: authResponse },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      await limit(request, 'register', email);
      const locale = requestLocale(request);
      const user = await register(app.db, { name, email, password, locale });
      if (!user) {
        throw new HttpError(409, 'email_taken', ACCOUNT_EXISTS, {
          errors: [{ path: 'body.email', message: ACCOUNT_EXISTS_FIELD }],
        });
      }
      await app.sessions.start(request, reply, user._id);
      const message = saidTo(request)(
        REGISTERED,
        'Bienvenue chez Forge Nutrition! Nous vous avons envoyé un message à votre adresse courriel.',
      );
      return reply.code(201).send({ success: true, message, user });
    },
  );

  app.post(
    '/user/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginBody,
        response: { 200: authResponse },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await limit(request, 'login', email);
      const user = await login(app.db, email, password, askedLocale(request));
      if (!user) throw new HttpError(401, 'invalid_credentials', INVALID_LOGIN);
      await app.sessions.start(request, reply, user._id);
      const message = saidTo(request)(
        `Welcome back, ${user.name}!`,
        `Content de vous revoir, ${user.name}!`,
      );
      return { success: true as const, message, user };
    },
  );

  app.post(
    '/user/auth/guest',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check out as a guest: a session of its own for an e-mail address',
        description:
          'Answers the same whether or not the address has an account, and the guest never ' +
          'reaches that account. The session passes the sign-in checks of checkout, order ' +
          'success and its own orders; what only an account has (profile, addresses, saved ' +
          'cards) answers 403. The guest cart given becomes the session’s cart.',
        body: guestBody,
        response: { 201: authResponse },
      },
    },
    async (request, reply) => {
      const { email, name = GUEST_NAME, guestCartId } = request.body;
      await limit(request, 'guest');
      const user = await createGuest(app.db, { name, email, locale: requestLocale(request) });
      await app.sessions.start(request, reply, user._id);
      if (guestCartId) await mergeGuestCart(app.db, user._id, guestCartId);
      const message = saidTo(request)(
        GUEST_STARTED,
        'Vous passez la commande en tant qu’invité. Nous enverrons la confirmation de votre commande à cette adresse courriel.',
      );
      return reply.code(201).send({ success: true, message, user });
    },
  );

  app.get(
    '/user/auth/logout',
    {
      // A GET the client calls, but another site must not be able to sign the shopper out.
      config: { changesState: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends the session on the server and clears the cookie',
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return {
        success: true as const,
        message: saidTo(request)('You have been signed out.', 'Vous êtes déconnecté.'),
      };
    },
  );

  app.post(
    '/user/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a reset link and a 6-digit code',
        description: 'Answers the same whether or not the address has an account.',
        body: forgotPasswordBody,
        response: { 200: messageResponse },
      },
      // The lookup and the writes start once the answer is out, so its timing cannot tell a known
      // address (two writes and a mail) from an unknown one (nothing) — not even with the
      // in-process database, which shares this thread.
      onResponse: async (request) => {
        const job = queuedResets.get(request);
        if (!job) return;
        queuedResets.delete(request);
        const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(job)
          .catch((err: unknown) => request.log.error({ err }, 'password reset request failed'))
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
      },
    },
    async (request) => {
      const { email } = request.body;
      await limit(request, 'forgotPassword', email);
      const locale = askedLocale(request);
      queuedResets.set(request, () => requestPasswordReset(app.db, email, resetUrl, locale));
      return {
        success: true as const,
        message: saidTo(request)(
          FORGOT_PASSWORD_SENT,
          'Si un compte existe pour ce courriel, nous avons envoyé un lien pour réinitialiser le mot de passe et un code à 6\u00a0chiffres. Le lien est valide 1\u00a0heure, le code 10\u00a0minutes.',
        ),
      };
    },
  );

  app.patch(
    '/user/auth/reset-password/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed link; ends every session of the account',
        params: resetPasswordParams,
        body: resetPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await limit(request, 'resetPassword');
      const userId = await resetWithToken(
        app.db,
        request.params.token,
        request.body.password,
        askedLocale(request),
      );
      if (!userId) throw badRequest('token_invalid', INVALID_RESET_LINK, 'params.token');
      return { success: true as const, message: passwordResetDone(request) };
    },
  );

  app.post(
    '/user/auth/verify-otp-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed 6-digit code; ends every session',
        description: 'A code works for 10 minutes and dies after 5 wrong tries.',
        body: verifyOtpResetBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { email, otp, password } = request.body;
      await limit(request, 'verifyOtp', email);
      const userId = await resetWithCode(app.db, email, otp, password, askedLocale(request));
      if (!userId) throw badRequest('token_invalid', INVALID_RESET_CODE, 'body.otp');
      return { success: true as const, message: passwordResetDone(request) };
    },
  );

  /** The answer to a guest's account: signed in as it (201), or a join link mailed (202). */
  const answerGuestAccount = async (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: GuestAccountOutcome,
    notGuest: string,
  ) => {
    if (outcome.kind === 'not-guest') throw conflict('already_has_account', notGuest);
    if (outcome.kind === 'join-sent') {
      return reply.code(202).send({
        success: true as const,
        message: joinLinkSent(outcome.email, requestLocale(request)),
      });
    }
    await app.sessions.start(request, reply, outcome.user._id);
    return reply.code(201).send({
      success: true as const,
      message: saidTo(request)(
        GUEST_ACCOUNT_CREATED,
        'Votre compte est prêt, et vos commandes sont dans Mes commandes. La prochaine fois, connectez-vous avec votre adresse courriel et ce mot de passe.',
      ),
      user: outcome.user,
    });
  };

  app.post(
    '/user/auth/guest/account',
    {
      schema: {
        tags: ['auth'],
        summary: "Make the guest session's user an account, with its orders",
        description:
          'Without an account for the address, the guest becomes the account (every order it ' +
          'placed with it) and the client is signed in as it: 201. When an account already has ' +
          'the address, a link that adds the orders to it is mailed to that address: 202, and the ' +
          'session stays a guest. No session answers 401, an account’s session 409.',
        body: guestAccountBody,
        response: { 201: authResponse, 202: messageResponse },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized('sign_in_required');
      if (!user.guest) throw conflict('already_has_account', ALREADY_AN_ACCOUNT);
      await limit(request, 'guestAccount', user.email);
      const outcome = await accountForGuest(
        app.db,
        user._id,
        request.body.password,
        joinUrl,
        askedLocale(request),
      );
      return answerGuestAccount(request, reply, outcome, ALREADY_AN_ACCOUNT);
    },
  );

  app.post(
    '/order-links/:token/account',
    {
      schema: {
        tags: ['auth'],
        summary: "Make an e-mailed order's guest an account, with its orders",
        description:
          'The same as /user/auth/guest/account for whoever holds the order link, on any device ' +
          'and without a session. An unknown, revoked or expired link answers 404; an order that ' +
          'already belongs to an account 409.',
        params: joinOrdersParams,
        body: guestAccountBody,
        response: { 201: authResponse, 202: messageResponse },
      },
    },
    async (request, reply) => {
      // Unknown tokens count where every order-link read counts, so the table cannot be scanned.
      await app.rateLimit.checkSet(request, 'orderLink', ORDER_LINK_RATE_LIMIT);
      const order = await orderByLink(app.db, request.params.token);
      if (!order) throw notFound('token_invalid', ORDER_LINK_INVALID);
      if (!order.userId) throw conflict('already_has_account', ORDER_HAS_ACCOUNT);
      await limit(request, 'guestAccount', order.email);
      const outcome = await accountForGuest(
        app.db,
        order.userId,
        request.body.password,
        joinUrl,
        askedLocale(request),
      );
      return answerGuestAccount(request, reply, outcome, ORDER_HAS_ACCOUNT);
    },
  );

  app.post(
    '/user/auth/join-orders/:token',
    {
      schema: {
        tags: ['auth'],
        summary: "Add a guest's orders to the account its mailed link names",
        description:
          'No session needed: opening the link sent to the account proves the mailbox. The link ' +
          'works once; unknown, used or expired links answer 400 naming params.token.',
        params: joinOrdersParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await limit(request, 'joinOrders');
      const count = await joinGuestOrders(app.db, request.params.token);
      if (count === null) throw badRequest('token_invalid', INVALID_JOIN_LINK, 'params.token');
      return { success: true as const, message: ordersJoined(count, requestLocale(request)) };
    },
  );

  await app.register(accountRoutes);
}

/** The signed-in account's password and profile. */
async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app);

  app.patch(
    '/user/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password; signs out every other session and e-mails a notice',
        description:
          'A wrong current password answers 400 naming body.currentPassword (never 401). The ' +
          'caller stays signed in: its session continues under a new cookie.',
        body: changePasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const user = request.shopper;
      await app.rateLimit.checkSet(
        request,
        'changePassword',
        AUTH_RATE_LIMITS.changePassword,
        user._id,
      );
      const { currentPassword, newPassword } = request.body;
      if (currentPassword === newPassword) {
        throw badRequest(
          'validation',
          'New password must be different from the current one.',
          'body.newPassword',
        );
      }
      const changed = await changePassword(
        app.db,
        user._id,
        currentPassword,
        newPassword,
        request.sessionIdHash,
        askedLocale(request),
      );
      // 400, not 401: a 401 would sign the client out for a typo.
      if (!changed)
        throw badRequest(
          'wrong_password',
          'Current password is incorrect.',
          'body.currentPassword',
        );
      // Every other session ended with the change; the caller's stays signed in, under a new id
      // (rotated like at sign-in, so a copy of the old cookie is worth nothing).
      await app.sessions.start(request, reply, user._id);
      return {
        success: true as const,
        message: saidTo(request)(
          'Your password has been changed.',
          'Votre mot de passe a été changé.',
        ),
      };
    },
  );

  app.get(
    '/user/profile/me',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user',
        response: { 200: profileResponse },
      },
    },
    async (request) => {
      const user = await getProfile(app.db, request.shopper._id);
      if (!user) throw unauthorized('sign_in_required');
      return { success: true as const, data: user };
    },
  );

  app.patch(
    '/user/profile/me',
    {
      schema: {
        tags: ['profile'],
        summary: "Change the signed-in user's name and phone",
        description:
          'The phone is stored canonical (416-555-0123); an empty string clears it. E-mail and ' +
          'role are never taken here.',
        body: updateProfileBody,
        response: { 200: profileResponse },
      },
    },
    async (request) => {
      const { name, phone } = request.body;
      const user = await updateProfile(app.db, request.shopper._id, { name, phone });
      if (!user) throw unauthorized('sign_in_required');
      return { success: true as const, data: user };
    },
  );
}
