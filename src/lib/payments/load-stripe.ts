/**
 * Stripe.js, loaded once per publishable key. Import this module only from a lazily loaded
 * component or a dynamic import: Stripe's code must never ship with a first page.
 */
import { loadStripe, type Stripe } from '@stripe/stripe-js';

const stripes = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}
