import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProductIdentifierParams } from '../../../contract/catalog.ts';
import {
  STOCK_ALERT_SUBSCRIBED,
  STOCK_ALERT_UNSUBSCRIBED,
  StockAlertTokenParams,
  stockAlertBody,
  stockAlertResponse,
} from '../../../contract/stock-alerts.ts';
import { requestLocale, saidTo } from '../../lib/locale.ts';
import type { RateLimitSet } from '../../plugins/rate-limit.ts';
import { subscribeStockAlert, unsubscribeStockAlert } from './service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Each new alert mails its address a confirmation, so the limits cap both one client spraying
 * many addresses and many clients filling one inbox. A shopper waiting for a handful of flavors
 * stays well inside them. Unsubscribe tokens are unguessable; the cap only stops a flood.
 */
export const STOCK_ALERT_RATE_LIMITS = {
  subscribe: {
    address: { max: 20, windowMs: HOUR },
    subject: { max: 10, windowMs: HOUR },
  },
  unsubscribe: { address: { max: 30, windowMs: 15 * MINUTE } },
} satisfies Record<string, RateLimitSet>;

export default async function stockAlertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/products/:identifier/stock-alerts',
    {
      schema: {
        tags: ['catalog'],
        summary: 'E-mail me once when a sold-out variant is back in stock',
        description:
          'The same 202 whether or not the address already waits for the variant. 404 for an unknown product or a variant not of it; 409 naming body.variantId when it is in stock.',
        params: ProductIdentifierParams,
        body: stockAlertBody,
        response: { 202: stockAlertResponse },
      },
    },
    async (request, reply) => {
      const { variantId, email } = request.body;
      await app.rateLimit.checkSet(request, 'stockAlert', STOCK_ALERT_RATE_LIMITS.subscribe, email);
      await subscribeStockAlert(app.db, {
        identifier: request.params.identifier,
        variantId,
        email,
        locale: requestLocale(request),
      });
      const message = saidTo(request)(
        STOCK_ALERT_SUBSCRIBED,
        'Merci! Nous vous écrirons une seule fois quand il sera de retour en stock.',
      );
      return reply.code(202).send({ success: true as const, message });
    },
  );

  app.post(
    '/stock-alerts/unsubscribe/:token',
    {
      schema: {
        tags: ['catalog'],
        summary: "End a back-in-stock alert with its e-mail's link",
        description: 'A token that is unknown or already used answers 404 naming params.token.',
        params: StockAlertTokenParams,
        response: { 200: stockAlertResponse },
      },
    },
    async (request) => {
      await app.rateLimit.checkSet(
        request,
        'stockAlertUnsubscribe',
        STOCK_ALERT_RATE_LIMITS.unsubscribe,
      );
      await unsubscribeStockAlert(app.db, request.params.token);
      return {
        success: true as const,
        message: saidTo(request)(
          STOCK_ALERT_UNSUBSCRIBED,
          'C’est fait\u00a0: nous ne vous écrirons plus au sujet de cet article.',
        ),
      };
    },
  );
}
