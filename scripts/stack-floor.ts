/**
 * `npm run budget:floor`: how much of a first page's JavaScript the shop's fixed stack takes before
 * the shop adds anything. It builds scripts/stack-floor/ (one route hydrated with React DOM,
 * TanStack Router and Query, the query persister with idb-keyval, valtio and Lingui, as the shop
 * uses each on every first page) the way the shop is built (es2022, production) into a temporary
 * folder and prints the script's size, raw and gzipped as `npm run budget` counts it. A script that
 * prints figures, never a test.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = path.join(import.meta.dirname, 'stack-floor');
const outDir = mkdtempSync(path.join(tmpdir(), 'stack-floor-'));
try {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { target: 'es2022', outDir, emptyOutDir: true, sourcemap: false },
  });
  const assets = path.join(outDir, 'assets');
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(path.join(assets, file));
    raw += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
  }
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `the fixed stack's smallest first page: ${kib(raw)} KiB raw, ${kib(gzip)} KiB gzipped`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
