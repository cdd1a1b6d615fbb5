import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { findChrome } from './chrome.ts';
import { prepareShopTemplate, SHOP_TEMPLATE_ENV } from './shop.ts';

/**
 * Browser tests need a browser and a current build of the PWA; both are checked once. Then one
 * shop is started and stopped, and its seeded data directory is the template every test's shop
 * starts from (the test workers inherit the variable naming it).
 */
export default async function setup() {
  findChrome();
  if (process.env.E2E_SKIP_BUILD !== '1') build();
  const template = await prepareShopTemplate();
  process.env[SHOP_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}

function build() {
  const root = path.resolve(import.meta.dirname, '../..');
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle and leave
  // out everything production-only (the service worker registration among it): the browser tests
  // must run the build shoppers get.
  // The browser's build, then the server's (the pages it renders), then the compressed forms of
  // the browser's files, as `npm run build` does.
  for (const ssr of [[], ['--ssr']]) {
    const result = spawnSync('npx', ['vite', 'build', ...ssr, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`vite build ${ssr.join(' ')} failed`);
  }
  const compressed = spawnSync('npx', ['tsx', 'scripts/precompress.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (compressed.status !== 0) throw new Error('scripts/precompress.ts failed');
}
