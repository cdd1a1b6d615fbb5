/**
 * What other features may use of the account's data code: a wallet's express checkout starts a
 * guest session for the payer and then does what every sign-in does.
 */
export { startGuestCheckout } from './guest.ts';
export { afterSignIn } from './session-effects.ts';
