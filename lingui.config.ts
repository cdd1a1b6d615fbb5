/**
 * Lingui's catalogs: the interface's messages are written in English in the code (`t`, `<Trans>`,
 * `msg` from Lingui's macros), `npm run i18n` extracts them into one PO catalog per language
 * (src/locales/<locale>.po, where French is translated) and compiles each into a module of
 * pre-parsed messages (src/locales/<locale>.ts) that the app loads for its language only.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en-CA',
  locales: ['en-CA', 'fr-CA'],
  catalogs: [
    {
      // LINGUI_CATALOG_DIR: where a check extracts to, to compare with the kept catalogs.
      path: `${process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/src/locales'}/{locale}`,
      include: ['<rootDir>/src'],
      exclude: ['**/__tests__/**', '**/*.test.*', '<rootDir>/src/testing/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
});
