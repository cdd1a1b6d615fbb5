import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Executor } from '../db/client.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  findSessionUser,
  insertSession,
} from '../modules/auth/session-store.ts';

export const SESSION_COOKIE = 'forge_sid';
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  role: 'customer' | 'admin';
  /** A guest checkout's session (no account; see users.guest). */
  guest: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in shopper, or null for a guest. */
    user: SessionUser | null;
    /** Hash of the current session id, when the request carries a live session. */
    sessionIdHash: string | null;
    /**
     * The signed-in shopper of a route in a scope under `requireSignIn`, which has already
     * answered 401/403 for anyone else; reading it outside such a scope is a bug and throws.
     */
    readonly shopper: SessionUser;
  }
  interface FastifyInstance {
    sessions: SessionService;
  }
}

export interface SessionService {
  /** Starts a new session (rotating any current one) and sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /** Ends the current session on the server and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a user, optionally keeping one (password change keeps the current). */
  endAllFor(userId: string, keepIdHash?: string | null, tx?: Executor): Promise<void>;
}

/** What a guest checkout's session is told when it asks for what only an account has. */
export const GUEST_HAS_NO_ACCOUNT =
  'A guest checkout has no account: create one to keep a profile, addresses and saved cards.';

export interface SignInRule {
  /** What a request without a session is told (401). */
  signedOut?: string;
  /**
   * A guest checkout's session passes too: it reaches its cart, checkout and its own orders. By
   * default it is refused (403): nothing an account keeps is a guest's.
   */
  guests?: boolean;
  /** Only staff pass; anyone else signed in is refused (403) with this message. */
  staffOnly?: string;
}

/**
 * Requires sign-in for every route of `scope` (a plugin's own instance), checked before the body
 * is read: 401 when signed out, 403 for a guest checkout's session unless the rule admits guests
 * and for anyone but staff when the rule is for staff only.
 * Its routes read the shopper as `request.shopper`, so none can forget the check.
 */
export function requireSignIn(scope: FastifyInstance, rule: SignInRule = {}): void {
  scope.addHook('onRequest', async (request) => {
    if (!request.user) throw unauthorized('sign_in_required', rule.signedOut);
    if (rule.staffOnly !== undefined && request.user.role !== 'admin') {
      throw forbidden('forbidden', rule.staffOnly);
    }
    if (request.user.guest && !rule.guests)
      throw forbidden('guest_has_no_account', GUEST_HAS_NO_ACCOUNT);
  });
}

export interface SessionOptions {
  db: Database;
  /** Cross-site storefronts need SameSite=None (and so Secure) for the cookie to travel. */
  crossSite: boolean;
}

export default fp(async function sessionPlugin(app: FastifyInstance, opts: SessionOptions) {
  const { db } = opts;
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  app.decorateRequest('shopper', {
    getter(this: FastifyRequest) {
      if (!this.user)
        throw new Error('request.shopper is read outside a scope that requires sign-in.');
      return this.user;
    },
  });

  const signIn = async (request: FastifyRequest, token: string) => {
    const idHash = hashToken(token);
    const row = await findSessionUser(db, idHash, new Date());
    if (row) {
      request.user = row;
      request.sessionIdHash = idHash;
    }
  };
  // A callback rather than an async hook: a request without the cookie (a visitor, a search)
  // passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) {
      done();
      return;
    }
    signIn(request, token).then(() => done(), done);
  });

  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    secure: opts.crossSite || request.protocol === 'https',
    sameSite: opts.crossSite ? ('none' as const) : ('lax' as const),
  });

  const service: SessionService = {
    async start(request, reply, userId) {
      if (request.sessionIdHash) await deleteSession(db, request.sessionIdHash);
      const token = newToken();
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await insertSession(db, { idHash: hashToken(token), userId, expiresAt });
      // Expired sessions are swept here, at the rare moment a new one is made.
      await deleteExpiredSessions(db, new Date());
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expiresAt });
      request.sessionIdHash = hashToken(token);
    },
    async end(request, reply) {
      if (request.sessionIdHash) await deleteSession(db, request.sessionIdHash);
      request.user = null;
      request.sessionIdHash = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    },
    async endAllFor(userId, keepIdHash, tx = db) {
      await deleteSessionsOf(tx, userId, keepIdHash);
    },
  };
  app.decorate('sessions', service);
});
