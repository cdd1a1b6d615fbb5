/** Payment providers post here server-to-server, authenticated by their signature, not a cookie. */
export const STRIPE_WEBHOOK_PATH = '/api/v1/payments/stripe/webhook';
