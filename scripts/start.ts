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
/** Both builds: the browser's (dist/) and the server's page renderer (dist-server/). */
const BUILD_STAMPS = [
  path.join(root, 'dist', 'index.html'),
  path.join(root, 'dist-server', 'entry-server.js'),
];

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
  if (!BUILD_STAMPS.every((stamp) => existsSync(stamp))) return true;
  const built = Math.min(...BUILD_STAMPS.map((stamp) => statSync(stamp).mtimeMs));
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

const config = loadConfigOrExit();
if (buildIsStale()) {
  console.log('Building the PWA (the build is missing or older than its sources)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await startServer(config).catch(exitIfUnusable);
