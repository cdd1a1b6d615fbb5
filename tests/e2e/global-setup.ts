import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findChrome } from './chrome.ts';

/** Browser tests need a browser and a current build of the PWA; both are checked once. */
export default function setup() {
  findChrome();
  const root = path.resolve(import.meta.dirname, '../..');
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}
