import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestLocale } from '../lib/locale.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is written in the request's language (the catalog's names and descriptions): it
     * says which in `Content-Language`, and caches keep one copy per `Accept-Language`.
     */
    localized?: boolean;
  }
}

/**
 * Marks the answers of `localized` routes with their language and with `Vary: Accept-Language`,
 * so a browser, the service worker or a CDN never hands a French answer to an English page.
 */
export default fp(
  async function answerLanguage(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.routeOptions.config.localized) {
        reply.header('content-language', requestLocale(request));
        const vary = reply.getHeader('vary');
        const listed = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
        if (!/(^|,)\s*accept-language\s*(,|$)/i.test(listed)) {
          reply.header('vary', listed ? `${listed}, Accept-Language` : 'Accept-Language');
        }
      }
      done(null, payload);
    });
  },
  { name: 'answer-language' },
);
