/**
 * A Vite plugin that compiles Lingui's macros (`t`, `msg`, `<Trans>`, `useLingui` from
 * `@lingui/*\/macro`) into calls of its runtime with each message's id, in the modules that import
 * them; every other module passes untouched. In a production build the English text leaves the
 * code (it is in the English catalog, loaded like any other language's); tests and the dev server
 * keep it, as a fallback for a message not yet extracted.
 */
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;
const SOURCE_FILE = /\.[cm]?[jt]sx?$/;

export function linguiMacros(): Plugin {
  // A build that writes no source maps has no use for Babel's: mapping every module is a good part
  // of the transform's time.
  let sourceMaps = true;
  return {
    name: 'forge:lingui-macros',
    enforce: 'pre',
    configResolved(config) {
      sourceMaps = config.command === 'serve' || Boolean(config.build.sourcemap);
    },
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SOURCE_FILE.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) {
        return null;
      }
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map ?? null };
    },
  };
}
