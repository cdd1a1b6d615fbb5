/**
 * Query keys read by more than one feature, kept in a module of their own: route loaders and the
 * session effects run on every first page, and importing a key must not bring the code around it.
 *
 * - ORDERS_QUERY_KEY, PROFILE_QUERY_KEY, WISHLIST_QUERY_KEY: the shopper's orders, profile and
 *   wishlist, which a sign-in refreshes and a sign-out forgets.
 * - SAVED_ADDRESSES_QUERY_KEY: the shopper's saved addresses (`GET /user/addresses`); the checkout
 *   offers them and the profile edits them. It sits under `['orders']`, which a sign-in refreshes.
 * - SAVED_PAYMENT_METHODS_KEY: the SavedPaymentMethods cache tag (`GET /user/payment-methods`);
 *   every change to the cards invalidates it.
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;
export const PROFILE_QUERY_KEY = ['profile'] as const;
export const WISHLIST_QUERY_KEY = ['wishlist'] as const;

export const SAVED_ADDRESSES_QUERY_KEY = ['orders', 'addresses'] as const;

export const SAVED_PAYMENT_METHODS_KEY = ['SavedPaymentMethods'] as const;
