/**
 * `npm start`: builds the PWA when the build is missing or older than its sources, then starts
 * the server (which migrates and seeds the database).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { exitIfUnusable } from '../server/db/embedded.ts';
import { loadConfigOrExit, startServer } from '../server/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'contract',
  'index.html',
  'vite.config.ts',
  'package.json',
];
const BUILD_STAMP = path.join(root, 'dist', 'index.html');

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function buildIsStale(): boolean {
  if (!existsSync(BUILD_STAMP)) return true;
  const built = statSync(BUILD_STAMP).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

const config = loadConfigOrExit();
if (buildIsStale()) {
  console.log('Building the PWA (the build is missing or older than its sources)…');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await startServer(config).catch(exitIfUnusable);
