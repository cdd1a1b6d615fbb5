import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (`npm run mutation`): the contract's unit tests for
 * contract/, and with MUTATION_SCOPE=money the API tests of orders, payments, discounts, the cart
 * and stock, on the embedded database (the 50-shopper race is left out: it is slow, and it only
 * races on PostgreSQL).
 */
const money = process.env.MUTATION_SCOPE === 'money';

export default defineConfig({
  test: {
    include: money
      ? [
          'tests/api/{cart,cart-merge,discount-codes,checkout,checkout-money}.test.ts',
          'tests/api/{payment-mismatch,payment-jobs,payment-processing,stripe-payments}.test.ts',
          'tests/api/admin-orders.test.ts',
        ]
      : ['contract/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_DRIVER: 'pglite' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
