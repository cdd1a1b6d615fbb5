import type { FastifyPluginAsync } from 'fastify';
import addressRoutes from './addresses/routes.ts';
import adminRoutes from './admin/routes.ts';
import authRoutes from './auth/routes.ts';
import cartRoutes from './cart/routes.ts';
import catalogRoutes from './catalog/routes.ts';
import engagementRoutes from './engagement/routes.ts';
import orderRoutes from './orders/routes.ts';
import paymentRoutes from './payments/routes.ts';
import profileRoutes from './profile/routes.ts';
import reviewRoutes from './reviews/routes.ts';
import savedMethodRoutes from './payments/saved-method-routes.ts';
import stripeWebhookRoutes from './payments/stripe-webhook.ts';
import searchRoutes from './search/routes.ts';
import wishlistRoutes from './wishlist/routes.ts';
import stockAlertRoutes from './stock-alerts/routes.ts';

/**
 * Every domain's routes, mounted under /api/v1. Each module is a Fastify plugin that declares
 * the zod schemas of its routes (so they appear in the OpenAPI document).
 */
export const apiModules: FastifyPluginAsync[] = [
  catalogRoutes,
  searchRoutes,
  stockAlertRoutes,
  reviewRoutes,
  authRoutes,
  profileRoutes,
  cartRoutes,
  engagementRoutes,
  addressRoutes,
  orderRoutes,
  paymentRoutes,
  savedMethodRoutes,
  wishlistRoutes,
  // Only when Stripe is configured (else its path answers 404).
  stripeWebhookRoutes,
  adminRoutes,
];
