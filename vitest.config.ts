import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './scripts/vite/lingui-macros.ts';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const apiTests = ['tests/api/**/*.test.ts'];
/**
 * API suites whose subject does not depend on the database driver: with PostgreSQL there they run
 * on it only, not on PGlite again. The fuzzer checks the API's answers to malformed input (and is
 * the longest file by far: some 4 minutes on PGlite).
 */
const driverIndependentApiTests = ['tests/api/fuzz.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where the
    // API files (mostly waiting on the database) then leave a core idle.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        plugins: [linguiMacros()],
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [linguiMacros()],
        test: {
          name: 'component',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      {
        plugins: [linguiMacros()],
        test: {
          name: 'api',
          include: apiTests,
          exclude: withPostgres ? driverIndependentApiTests : [],
          environment: 'node',
          env: { TEST_DB_DRIVER: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      ...(withPostgres
        ? [
            {
              plugins: [linguiMacros()],
              test: {
                name: 'api-pg',
                include: apiTests,
                environment: 'node' as const,
                env: { TEST_DB_DRIVER: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        plugins: [linguiMacros()],
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page load on a busy two-core machine (the browser, the shop and Vitest share it)
          // can take longer than expect.poll's default second.
          expect: { poll: { timeout: 5_000 } },
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
