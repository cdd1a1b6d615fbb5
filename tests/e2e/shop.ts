import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningShop {
  baseURL: string;
  dataDir: string;
  logs(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitUntilReady(baseURL: string, child: ChildProcess, logs: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited early:\n${logs()}`);
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The shop did not become ready in 90 s:\n${logs()}`);
}

/**
 * The environment variable naming a seeded data directory (see prepareShopTemplate) that every
 * shop started without a DATA_DIR of its own begins as a copy of.
 */
export const SHOP_TEMPLATE_ENV = 'E2E_SHOP_TEMPLATE';

/**
 * Starts the built shop (the same entry as `npm start`, minus the build) on a free port with a
 * fresh data directory, and waits until it answers /readyz. The directory is a copy of the
 * template when SHOP_TEMPLATE_ENV names one: the same state as a first start, without creating,
 * migrating and seeding the database again (most of a start's seconds).
 */
export async function startShop(env: Record<string, string> = {}): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-e2e-'));
  const template = process.env[SHOP_TEMPLATE_ENV];
  if (template && !env.DATA_DIR) cpSync(template, dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseURL, child, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    baseURL,
    dataDir,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes a template for startShop in a new directory: a shop started once there (database created,
 * migrated and seeded) and stopped. Returns the directory.
 */
export async function prepareShopTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forge-e2e-template-'));
  const shop = await startShop({ DATA_DIR: dir });
  await shop.stop();
  return dir;
}
