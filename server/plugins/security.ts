import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  GUEST_CART_HEADER,
  IDEMPOTENCY_HEADER,
} from '../../contract/http.ts';
import { forbidden } from '../lib/errors.ts';
import { STRIPE_WEBHOOK_PATH } from '../lib/webhooks.ts';

/** Signed server-to-server posts, exempt from the browser checks below. */
const WEBHOOK_PATHS: ReadonlySet<string> = new Set([STRIPE_WEBHOOK_PATH]);

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_ORIGIN_REFUSED =
  'This request came from a site that is not allowed to change anything here.';
export const CSRF_PROOF_MISSING = `Send the request body as application/json, or add the header ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}.`;

const STRIPE = {
  scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  images: ['https://*.stripe.com'],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This GET (or HEAD) changes something — signing out — so, like the state-changing methods, it
     * is refused when the browser says another site started it.
     */
    changesState?: boolean;
  }
}

/**
 * The headers helmet sets for `options`, worked out once: they are the same on every answer. (The
 * Fastify plugin for helmet builds helmet's middleware again on every request, re-reading the
 * Content-Security-Policy each time, a measurable share of a fast route's time.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What of the full set only a document reads: its content policy, framing, opener, origin
 * keying, permissions, referrer policy and a few legacy switches. A script, stylesheet, font or
 * raster picture served as a file never becomes a document (with `nosniff` a browser keeps its
 * declared type), so it goes without them (`fileSecurityHeaders`): over HTTP/1.1 they are some
 * 850 bytes of every answer, and a first page makes about forty requests.
 */
export const DOCUMENT_ONLY_HEADERS: readonly string[] = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * What an answer that is never meant as a page says, should it be opened as one: it may load
 * nothing and be framed nowhere (with `nosniff`, CORP and HSTS, the short set of the API's
 * answers and of the build's SVG files).
 */
const INERT_DOCUMENT_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * Files served with the subresource set: scripts, stylesheets, fonts, raster pictures and the
 * manifest (with their compressed forms). Not the service worker, whose own answer's policy is
 * the worker's.
 */
const SUBRESOURCE_FILE = /\.(?:js|css|woff2|png|webp|jpe?g|ico|webmanifest)(?:\.(?:br|gz))?$/;
const SERVICE_WORKER_FILE = /(?:^|\/)sw\.js(?:\.(?:br|gz))?$/;
/** An SVG file opened by itself is a document: it gets the inert set, which lets it run nothing. */
const SVG_FILE = /\.svg(?:\.(?:br|gz))?$/;

/**
 * Sets the security headers of a file of the build in place of the full set of a page: the
 * subresource set for what never becomes a document, the inert set for an SVG picture; the
 * service worker and the shell keep the full set.
 */
export function fileSecurityHeaders(reply: FastifyReply, file: string): void {
  const subresource = SUBRESOURCE_FILE.test(file) && !SERVICE_WORKER_FILE.test(file);
  if (!subresource && !SVG_FILE.test(file)) return;
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  if (!subresource) reply.headers(INERT_DOCUMENT_HEADERS);
}

/** Fetch-metadata values of a request the shop's own pages, or the shopper by hand, started. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export interface SecurityOptions {
  /** Where the API's answers are: JSON and images, never a page, so they get the short set. */
  apiPrefix: string;
  /** Storefronts allowed to call the API with the shopper's cookies. */
  storefrontOrigins: string[];
  /** The API's public origin, when the PWA was built to call it on another origin. */
  apiOrigin?: string | undefined;
  /** A storefront on another site loads our images, so resources may not be same-site only. */
  crossSite: boolean;
}

/**
 * CORS for the allowed storefronts, a CSRF guard on every state-changing request, and the
 * security headers of every answer: the full set on the PWA's pages and assets, the short set of
 * an API on its answers (a policy for pages — scripts, frames, styles, permissions — means
 * nothing to JSON and costs each answer a kilobyte).
 */
export default fp(
  async function securityPlugin(app: FastifyInstance, opts: SecurityOptions) {
    const configured = new Set(opts.storefrontOrigins);
    if (opts.apiOrigin) configured.add(new URL(opts.apiOrigin).origin);
    const ownOrigin = (request: FastifyRequest) => {
      try {
        // Through URL, so `Host: shop:80` and `Origin: http://shop` compare equal.
        return new URL(`${request.protocol}://${request.host}`).origin;
      } catch {
        return null;
      }
    };
    const isAllowedOrigin = (request: FastifyRequest, origin: string) =>
      configured.has(origin) || origin === ownOrigin(request);

    // Headers first: answers cut short by the checks below carry them too.
    const apiOrigins = opts.apiOrigin ? [new URL(opts.apiOrigin).origin] : [];
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...STRIPE.scripts],
          // Stripe Elements and React style attributes set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...apiOrigins, ...STRIPE.images],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...apiOrigins, ...STRIPE.connect],
          frameSrc: STRIPE.frames,
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Payment providers may open a popup (3-D Secure, wallets) that must talk back to the page.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginResourcePolicy: { policy: opts.crossSite ? 'cross-origin' : 'same-site' },
    });
    headers['permissions-policy'] =
      'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")';
    // An API answer opened as a page may load nothing and be framed nowhere; it may not be read
    // by another site's page (CORP), sniffed as another type, or reached over plain HTTP.
    const apiHeaders = {
      ...INERT_DOCUMENT_HEADERS,
      'cross-origin-resource-policy': headers['cross-origin-resource-policy']!,
      'strict-transport-security': headers['strict-transport-security']!,
      'x-content-type-options': 'nosniff',
    };
    const apiPath = `${opts.apiPrefix}/`;
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith(apiPath) ? apiHeaders : headers);
      done();
    });
    // Same-origin requests need no CORS answer: the browser asks only for other origins. Static
    // options: a per-request delegator had the plugin rebuild its options on every request.
    await app.register(fastifyCors, {
      hook: 'onRequest',
      origin: (origin, callback) => callback(null, origin !== undefined && configured.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['content-type', GUEST_CART_HEADER, IDEMPOTENCY_HEADER, CSRF_HEADER],
      exposedHeaders: ['retry-after', 'x-request-id'],
      maxAge: 600,
    });

    // A link, image or form on another site can make the browser send a GET with the shopper's
    // cookies. Such a request either names its origin (Origin, sent by fetch) or, without one, is
    // told apart by the browser's Sec-Fetch-Site; older browsers without it still send a Referer.
    const crossSiteRead = (request: FastifyRequest) => {
      const { origin, referer } = request.headers;
      const fetchSite = request.headers['sec-fetch-site'];
      return !(origin !== undefined
        ? isAllowedOrigin(request, origin)
        : fetchSite !== undefined
          ? OWN_FETCH_SITES.has(fetchSite)
          : referer === undefined || isAllowedOrigin(request, originOf(referer)));
    };

    const crossSiteChange = (request: FastifyRequest) => {
      // The matched route's pattern, not the raw URL, so no path trick can borrow the exemption.
      if (WEBHOOK_PATHS.has(request.routeOptions.url ?? request.url.split('?')[0]!)) return null;
      const origin = request.headers.origin;
      if (origin !== undefined && !isAllowedOrigin(request, origin)) {
        return forbidden('cross_origin_refused', CROSS_ORIGIN_REFUSED);
      }
      // A cross-site HTML form can send neither a JSON content type nor a custom header without
      // a CORS preflight, which only allowed origins pass.
      const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (
        contentType !== 'application/json' &&
        request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE
      ) {
        return forbidden('csrf_proof_missing', CSRF_PROOF_MISSING);
      }
      return null;
    };

    app.addHook('onRequest', (request, _reply, done) => {
      if (STATE_CHANGING.has(request.method)) {
        done(crossSiteChange(request) ?? undefined);
      } else if (request.routeOptions.config.changesState && crossSiteRead(request)) {
        done(forbidden('cross_origin_refused', CROSS_ORIGIN_REFUSED));
      } else {
        done();
      }
    });
  },
  { name: 'security' },
);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
