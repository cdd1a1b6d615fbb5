/**
 * The bank's authentication step of a PaymentIntent confirmed on the server with a saved card,
 * shown by Stripe.js. Imported dynamically (pay-with-saved-method.ts), so Stripe's code is fetched
 * only when a bank asks for it. Resolves once the shopper has passed or failed the step (the
 * outcome is then read from the server); rejects when Stripe.js cannot be loaded.
 */
import { stripeFor } from '../../../lib/payments/load-stripe.ts';

export async function finishStripeAction(clientSecret: string): Promise<void> {
  const publishableKey = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined;
  const stripe = publishableKey ? await stripeFor(publishableKey) : null;
  if (!stripe)
    throw new Error(
      'Your bank asks you to confirm this payment, but we could not load its step. Please try again.',
    );
  await stripe.handleNextAction({ clientSecret });
}
