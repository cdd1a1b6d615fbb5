import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findChrome } from './chrome.ts';

/** Browser tests need a browser and a current build of the PWA; both are checked once. */
export default function setup() {
  findChrome();
  const root = path.resolve(import.meta.dirname, '../..');
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle and leave
  // out everything production-only (the service worker registration among it): the browser tests
  // must run the build shoppers get.
  // The browser's build, then the server's (the pages it renders), as `npm run build` does.
  for (const ssr of [[], ['--ssr']]) {
    const result = spawnSync('npx', ['vite', 'build', ...ssr, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`vite build ${ssr.join(' ')} failed`);
  }
}
