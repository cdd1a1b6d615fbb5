import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (`npm run mutation`): the contract's unit tests for
 * contract/, and with MUTATION_SCOPE=money the API tests of orders, payments, discounts, the cart
 * and stock, on the embedded database (the 50-shopper race is left out: it is slow, and it only
 * races on PostgreSQL). MUTATION_TESTS, a comma-separated list of test files, narrows a money run
 * to the tests that guard the one file being mutated.
 */
const money = process.env.MUTATION_SCOPE === 'money';
const narrowed = process.env.MUTATION_TESTS?.split(',')
  .map((file) => file.trim())
  .filter(Boolean);

const moneyTests = [
  'tests/api/{cart,cart-merge,cart-service,discount-codes,checkout,checkout-money}.test.ts',
  'tests/api/{payment-completion,payment-mismatch,payment-jobs,payment-processing}.test.ts',
  'tests/api/{stripe-payments,admin-orders,stock}.test.ts',
];

export default defineConfig({
  test: {
    include: money ? (narrowed?.length ? narrowed : moneyTests) : ['contract/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_DRIVER: 'pglite' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
