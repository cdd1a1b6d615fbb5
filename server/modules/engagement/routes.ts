import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONSULTATION_SUCCESS_MESSAGE,
  CONTACT_SUCCESS_MESSAGE,
  COUPON_SUCCESS_MESSAGE,
  consultationBody,
  contactBody,
  couponRequestBody,
  couponRequestResponse,
  createdResponse,
} from '../../../contract/engagement.ts';
import { requestLocale, saidTo } from '../../lib/locale.ts';
import type { RateLimitRule } from '../../plugins/rate-limit.ts';
import { bookConsultation, requestCoupon, submitContact } from './service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Limit = Pick<RateLimitRule, 'max' | 'windowMs'>;

/**
 * Per client address (one client spraying many addresses) and per e-mail address (many clients
 * flooding one inbox with our mail). A coupon can be re-sent a few times, never mailed in bulk.
 */
export const ENGAGEMENT_RATE_LIMITS = {
  coupon: { address: { max: 10, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } },
  contact: { address: { max: 10, windowMs: HOUR }, email: { max: 5, windowMs: HOUR } },
  consultation: { address: { max: 5, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } },
} satisfies Record<string, { address: Limit; email: Limit }>;

export default async function engagementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const shopAddress = app.config.SHOP_CONTACT_EMAIL;

  const limit = async (
    request: FastifyRequest,
    name: keyof typeof ENGAGEMENT_RATE_LIMITS,
    email: string,
  ) => {
    const rules = ENGAGEMENT_RATE_LIMITS[name];
    await app.rateLimit.check(request, { name: `${name}:address`, ...rules.address });
    await app.rateLimit.check(request, {
      name: `${name}:email`,
      key: email.toLowerCase(),
      ...rules.email,
    });
  };

  app.post(
    '/coupon/request',
    {
      schema: {
        tags: ['engagement'],
        summary: 'E-mail a 10 % discount code (the same code again for an address that has one)',
        body: couponRequestBody,
        response: { 200: couponRequestResponse },
      },
    },
    async (request) => {
      await limit(request, 'coupon', request.body.email);
      await requestCoupon(app.db, request.body, requestLocale(request));
      return {
        success: true as const,
        message: saidTo(request)(
          COUPON_SUCCESS_MESSAGE,
          'Votre code de rabais vous a été envoyé par courriel!',
        ),
      };
    },
  );

  app.post(
    '/contact',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Send a message to the shop; the sender gets a confirmation by e-mail',
        body: contactBody,
        response: { 201: createdResponse },
      },
    },
    async (request, reply) => {
      await limit(request, 'contact', request.body.email);
      const { id } = await submitContact(
        app.db,
        request.body,
        request.user?._id ?? null,
        shopAddress,
        requestLocale(request),
      );
      return reply.code(201).send({
        success: true as const,
        message: saidTo(request)(
          CONTACT_SUCCESS_MESSAGE,
          'Merci de votre message! Nous vous avons envoyé une confirmation par courriel et vous répondrons d’ici 1 à 2 jours ouvrables.',
        ),
        data: { _id: id },
      });
    },
  );

  app.post(
    '/consultations',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Request a consultation; the client gets a confirmation by e-mail',
        body: consultationBody,
        response: { 201: createdResponse },
      },
    },
    async (request, reply) => {
      await limit(request, 'consultation', request.body.email);
      const { id } = await bookConsultation(
        app.db,
        request.body,
        request.user?._id ?? null,
        shopAddress,
        requestLocale(request),
      );
      return reply.code(201).send({
        success: true as const,
        message: saidTo(request)(
          CONSULTATION_SUCCESS_MESSAGE,
          'Votre demande de consultation est enregistrée! Nous vous avons envoyé une confirmation par courriel et communiquerons avec vous pour confirmer l’heure.',
        ),
        data: { _id: id },
      });
    },
  );
}
