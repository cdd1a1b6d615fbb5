import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * One-way imports: routes and layout compose features; a feature never imports another
 * feature's insides, the app shell or a route; shared code (components, hooks, lib, stores) imports
 * no feature. A feature's data code may be what others need (the cart's, for the add-to-cart
 * buttons, checkout, sign-in's cart merge and the header's badge): it lives in the feature's `api/`
 * and its public entry `api/index.ts` is the one file of a feature that another feature may import.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url));
const PUBLIC_ENTRY = 'api/index\\.ts$';
const noFeatureImports = (message, { allowed = [], publicEntry = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((f) => !allowed.includes(f)).join('|')})/${publicEntry ? `(?!${PUBLIC_ENTRY})` : ''}`,
          message,
        },
        { regex: '^(\\.\\./)+(layout|routes)/', message: 'Only routes compose the app shell.' },
      ],
    },
  ],
});

/**
 * A server module owns its tables: another module calls its public functions, never its
 * `tables.ts`. A module's own `tables.ts` may name another's table (a foreign key), and tests may
 * set up rows directly. The database layer (`server/db/`: the schema, the seed) sees every table.
 */
const MODULES = readdirSync(new URL('./server/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noOtherTables = (own) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./)+(modules/)?(${MODULES.filter((m) => m !== own).join('|')})/tables(\\.ts)?($|/)`,
          message:
            "Another module's tables are its own: import the owning module's public functions instead.",
        },
      ],
    },
  ],
});
export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      '.data',
      '.lighthouseci',
      // Test reports and Stryker's sandboxes (npm run mutation).
      '.tmp',
      'src/routeTree.gen.ts',
      'src/locales/*.ts',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A lazily loaded module may show messages the page has not loaded yet (a dialog, the menu):
    // it is imported through afterMessages (src/lib/i18n/catalogs.ts), which waits for them. The
    // contract's schemas hold no interface text.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/i18n/catalogs.ts', 'src/**/__tests__/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportExpression:not(CallExpression[callee.name='afterMessages'] > ArrowFunctionExpression > ImportExpression):not([source.value=/\\/contract\\//])",
          message:
            'Import lazily loaded modules with afterMessages(() => import(...)): their messages may not be loaded yet.',
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: noFeatureImports(
      `A feature imports another feature only through its public entry, api/index.ts.`,
      { allowed: [feature], publicEntry: true },
    ),
  })),
  {
    files: ['src/{components,hooks,lib,stores}/**/*.{ts,tsx}'],
    rules: noFeatureImports('Shared code does not import features.'),
  },
  ...MODULES.map((module) => ({
    files: [`server/modules/${module}/**/*.ts`],
    ignores: [`server/modules/${module}/tables.ts`, '**/*.test.ts'],
    rules: noOtherTables(module),
  })),
  {
    files: ['server/{plugins,lib}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: noOtherTables(null),
  },
);
