import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeEmailBody,
  confirmEmailBody,
  deleteAccountBody,
  messageResponse,
  profileExport,
} from '../../../contract/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import { HttpError, badRequest, unauthorized } from '../../lib/errors.ts';
import { shopLinks } from '../../lib/links.ts';
import { askedLocale, saidTo } from '../../lib/locale.ts';
import type { RateLimitSet } from '../../plugins/rate-limit.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import { AUTH_RATE_LIMITS } from '../auth/routes.ts';
import { savedMethodsProvider } from '../payments/saved-methods.ts';
import { confirmEmailChange, requestEmailChange } from '../auth/email-change.ts';
import { deleteAccount, exportData } from './service.ts';

const MINUTE = 60_000;

/**
 * The e-mail change sends mail to an address the caller chooses, so it is limited like
 * forgot-password (per client, per account and client, per target inbox); the password checks of
 * the other routes are limited like change-password.
 */
export const PROFILE_RATE_LIMITS = {
  changeEmail: AUTH_RATE_LIMITS.forgotPassword,
  confirmEmail: { address: { max: 30, windowMs: 15 * MINUTE } },
  deleteAccount: AUTH_RATE_LIMITS.changePassword,
} satisfies Record<string, RateLimitSet>;

export const WRONG_PASSWORD = 'Password is incorrect.';
export const EMAIL_TAKEN = 'This e-mail already has an account.';
export const EMAIL_SAME = 'This is already the e-mail of your account.';
export const EMAIL_CHANGE_SENT =
  'We have sent a confirmation link to the new address. Your e-mail changes once you open it; until then, sign in with the current one.';
export const EMAIL_CHANGED = 'Your e-mail address has been changed. Sign in with it from now on.';
export const EMAIL_LINK_INVALID =
  'This confirmation link is invalid. Ask for the e-mail change again from your profile.';
export const EMAIL_LINK_USED = 'This confirmation link has already been used.';
export const EMAIL_LINK_EXPIRED =
  'This confirmation link has expired. Ask for the e-mail change again from your profile.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';

/**
 * The e-mail change's confirmation (the mailed link works signed in or not) and, signed in, what
 * an account holder does with their own account.
 */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/user/profile/email/confirm',
    {
      schema: {
        tags: ['profile'],
        summary: 'Apply an e-mail change with the token of the mailed link',
        description:
          'Works once, signed in or not. An unknown token answers 400, a used or expired one 410, ' +
          'an address that got an account meanwhile 409.',
        body: confirmEmailBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await app.rateLimit.checkSet(request, 'confirmEmail', PROFILE_RATE_LIMITS.confirmEmail);
      const result = await confirmEmailChange(app.db, request.body.token);
      if (!result.ok) {
        switch (result.reason) {
          case 'invalid':
            throw badRequest('token_invalid', EMAIL_LINK_INVALID, 'body.token');
          case 'used':
            throw new HttpError(410, 'token_used', EMAIL_LINK_USED, {
              errors: [{ path: 'body.token', message: EMAIL_LINK_USED }],
            });
          case 'expired':
            throw new HttpError(410, 'token_expired', EMAIL_LINK_EXPIRED, {
              errors: [{ path: 'body.token', message: EMAIL_LINK_EXPIRED }],
            });
          case 'taken':
            throw new HttpError(409, 'email_taken', EMAIL_TAKEN, {
              errors: [{ path: 'body.token', message: EMAIL_TAKEN }],
            });
        }
      }
      return {
        success: true as const,
        message: saidTo(request)(
          EMAIL_CHANGED,
          'Votre adresse courriel a été changée. Connectez-vous désormais avec elle.',
        ),
      };
    },
  );

  await app.register(accountRoutes);
}

/** Changing the e-mail, downloading one's data and deleting the account: an account's alone. */
async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app);
  /** The confirmation link, to the profile page in the mail's language. */
  const confirmUrl = (token: string, locale: Locale) =>
    shopLinks(app.config.publicOrigin, locale).confirmEmail(token);
  const limit = (
    request: FastifyRequest,
    name: keyof typeof PROFILE_RATE_LIMITS,
    subject?: string,
  ) => app.rateLimit.checkSet(request, name, PROFILE_RATE_LIMITS[name], subject);

  app.post(
    '/user/profile/email',
    {
      schema: {
        tags: ['profile'],
        summary: 'Ask to change the e-mail: mails a confirmation link to the new address',
        description:
          'The account keeps its e-mail until the link (`/profile/me?confirmEmail=<token>`, 24 ' +
          'hours) is opened; the old address gets a notice. A wrong password answers 400 naming ' +
          'body.password; an address with an account answers 409 naming body.newEmail.',
        body: changeEmailBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const { newEmail, password } = request.body;
      await limit(request, 'changeEmail', newEmail);
      const result = await requestEmailChange(
        app.db,
        user._id,
        newEmail,
        password,
        confirmUrl,
        askedLocale(request),
      );
      if (!result.ok) {
        switch (result.reason) {
          case 'wrong-password':
            throw badRequest('wrong_password', WRONG_PASSWORD, 'body.password');
          case 'same':
            throw badRequest('validation', EMAIL_SAME, 'body.newEmail');
          case 'taken':
            throw new HttpError(409, 'email_taken', EMAIL_TAKEN, {
              errors: [{ path: 'body.newEmail', message: EMAIL_TAKEN }],
            });
          case 'no-user':
            throw unauthorized('sign_in_required');
        }
      }
      return {
        success: true as const,
        message: saidTo(request)(
          EMAIL_CHANGE_SENT,
          'Nous avons envoyé un lien de confirmation à la nouvelle adresse. Votre courriel changera dès que vous l’ouvrirez; d’ici là, connectez-vous avec l’adresse actuelle.',
        ),
      };
    },
  );

  app.get(
    '/user/profile/me/export',
    {
      schema: {
        tags: ['profile'],
        summary: 'Download my data: the account, addresses, orders, codes and messages as JSON',
        description:
          'An attachment (forge-nutrition-data.json), never cached. Holds no password hash or token.',
        response: { 200: profileExport },
      },
    },
    async (request, reply) => {
      const data = await exportData(app.db, request.shopper._id);
      if (!data) throw unauthorized('sign_in_required');
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="forge-nutrition-data.json"');
      return data;
    },
  );

  app.post(
    '/user/profile/me/delete',
    {
      schema: {
        tags: ['profile'],
        summary: 'Delete my account; orders stay for the books, anonymised',
        description:
          'Ends every session, deletes saved addresses and the cart, replaces the e-mail of the ' +
          "account's orders with deleted-<orderId>@invalid and strips their addresses down to " +
          'province, postal prefix and country, and detaches saved cards at the payment provider. ' +
          'A wrong password answers 400 naming body.password; an account with orders not yet ' +
          'delivered or cancelled answers 409 (`reason: open_orders`) naming them.',
        body: deleteAccountBody,
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const user = request.shopper;
      await limit(request, 'deleteAccount', user._id);
      const provider = savedMethodsProvider(app.payments, app.stripe);
      const deleted = await deleteAccount(
        app.db,
        user._id,
        request.body.password,
        undefined,
        provider.name === 'stripe'
          ? (token) => provider.stripe.detachPaymentMethod(token)
          : undefined,
      );
      if (!deleted) throw badRequest('wrong_password', WRONG_PASSWORD, 'body.password');
      // The session row is gone already; this clears the cookie.
      await app.sessions.end(request, reply);
      return {
        success: true as const,
        message: saidTo(request)(ACCOUNT_DELETED, 'Votre compte a été supprimé.'),
      };
    },
  );
}
