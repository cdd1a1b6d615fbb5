import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { shortClassNames } from './scripts/vite/class-names.ts';
import { linguiMacros } from './scripts/vite/lingui-macros.ts';
import { shortMessageIds } from './scripts/vite/message-ids.ts';
import { routePreload } from './scripts/vite/route-preload.ts';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};
/** Ties the persisted query cache to this build: a new build drops caches written by older ones. */
const buildId = `${version}+${Date.now().toString(36)}`;

/** Design tokens (src/styles/tokens.css): charcoal-900 header, white page. */
const THEME_COLOR = '#15171c';
const BACKGROUND_COLOR = '#ffffff';

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

const startModules = new Map<string, boolean>();
/** The shop's layout (header, footer, menus) frames every page but the sign-in screens. */
const SHOP_LAYOUT = /[\\/]src[\\/]routes[\\/]_shop\.tsx(\?|$)/;

/**
 * Whether a module runs on every first page: the entry or the shop layout reach it through static
 * imports alone.
 */
function loadedAtStart(id: string, info: ModuleInfoOf): boolean {
  const known = startModules.get(id);
  if (known !== undefined) return known;
  startModules.set(id, false);
  const module = info(id);
  const atStart = Boolean(
    module &&
    (module.isEntry ||
      SHOP_LAYOUT.test(id) ||
      module.importers.some((importer) => loadedAtStart(importer, info))),
  );
  startModules.set(id, atStart);
  return atStart;
}

const define = { __BUILD_ID__: JSON.stringify(buildId) };

/**
 * The server's build (`vite build --ssr`): the same routes and components as one module the server
 * imports to render pages (src/entry-server.tsx, into dist-server/, outside the files the server
 * and the worker hand out). Packages stay outside it and load from node_modules.
 */
const serverBuild: UserConfig = {
  define,
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes' }),
    linguiMacros(),
    react(),
  ],
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: 'src/entry-server.tsx',
      output: { entryFileNames: '[name].js' },
    },
  },
};

const browserBuild: UserConfig = {
  define,
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes' }),
    linguiMacros(),
    react(),
    shortMessageIds(),
    routePreload(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/lib/pwa registers the worker through workbox-window.
      injectRegister: false,
      registerType: 'prompt',
      // The precache globs already take every icon; listing them twice would duplicate entries.
      includeManifestIcons: false,
      injectManifest: {
        // The app shell (HTML, scripts, styles, the self-hosted fonts, icons); screenshots are only
        // for install dialogs, so they stay out of the precache.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The worker is registered as a classic script (src/lib/pwa/service-worker.ts), so it is
        // built as one: an ES-module build would need an option the bundler has deprecated.
        rollupFormat: 'iife',
      },
      manifest: {
        id: '/',
        name: 'Forge Nutrition',
        short_name: 'Forge',
        description:
          'Protein, creatine, pre-workout and more sports-nutrition supplements, shipped across Canada — browse and fill your cart even offline.',
        lang: 'en-CA',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['shopping', 'health', 'sports'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        screenshots: [
          {
            src: '/screenshots/home-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'The Forge Nutrition home page on a phone',
          },
          {
            src: '/screenshots/home-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'The Forge Nutrition home page on a desktop',
          },
        ],
        shortcuts: [
          {
            name: 'Search products',
            short_name: 'Search',
            url: '/search/products',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Cart',
            short_name: 'Cart',
            url: '/cart',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'My Orders',
            short_name: 'Orders',
            url: '/my-orders',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // All styles in one render-blocking file (≈11 KiB gz): a route's CSS arriving after the first
    // render would restyle the whole page on a slow phone, and cost a request per chunk.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // A chunk's file name is its hash alone, behind a "c-" (a hash may start with a dash). A
        // page's scripts name the files they import, and the entry every file its dynamic imports
        // may preload (about a hundred); the chunks' own names made the heaviest first page 1.1 KiB
        // heavier gzipped. Source maps still name every module.
        chunkFileNames: 'assets/c-[hash].js',
        // Lighthouse's mobile preset (HTTP/1.1, six connections, 150 ms round trips) pays a round
        // trip per few files: the first page's modules ship as two files instead of ~40. Code only
        // reached through a dynamic import (route components) keeps its own chunks.
        codeSplitting: {
          groups: [
            {
              debugName: 'start',
              name: (id, ctx) =>
                loadedAtStart(id, (other) => ctx.getModuleInfo(other)) ? 'start' : null,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
};

/** The project's root: CSS-module class names hash each stylesheet's path from here. */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild, command }) => {
  const config = isSsrBuild ? serverBuild : browserBuild;
  // Builds give CSS-module classes short names (scripts/vite/class-names.ts); the dev server keeps
  // Vite's readable ones.
  if (command !== 'build') return config;
  return { ...config, css: { modules: { generateScopedName: shortClassNames(root) } } };
});
