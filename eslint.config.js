import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * One-way imports (STYLE): routes and layout compose features; a feature never imports another
 * feature, the app shell or a route; shared code (components, hooks, lib, stores) imports no
 * feature. Features talk through the shared layers (the cart outbox and the offline runtime live
 * in src/lib for that reason).
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url));
const noFeatureImports = (message, allowed = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((f) => !allowed.includes(f)).join('|')})/`,
          message,
        },
        { regex: '^(\\.\\./)+(layout|routes)/', message: 'Only routes compose the app shell.' },
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      '.lighthouseci',
      'src/routeTree.gen.ts',
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
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: noFeatureImports(
      `A feature does not import another feature: move what both need to a shared layer.`,
      [feature],
    ),
  })),
  {
    files: ['src/{components,hooks,lib,stores}/**/*.{ts,tsx}'],
    rules: noFeatureImports('Shared code does not import features.'),
  },
);
