/**
 * Stopping the shop: the real server entry, started on a fresh embedded database, answers, then
 * stops on SIGTERM with exit code 0 — its close steps in
 * order (the catalog change feed stops listening before the database closes) and well within
 * SHUTDOWN_DEADLINE_MS, past which it would exit anyway with code 1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SHUTDOWN_DEADLINE_MS } from '../../server/server.ts';

/** Generous: a start of a real server process loads PGlite and tsx, and migrates. */
const START_TIMEOUT_MS = 120_000;

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-shutdown-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The embedded database only: the real server would otherwise migrate and seed the database the
// PostgreSQL project's other tests share.
it.skipIf(process.env.TEST_DB_DRIVER === 'postgres')(
  'on SIGTERM the server closes every part in order and exits with 0',
  async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
      let signalledAt = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        const listening = /Server listening at (http:\/\/[^"\s]+)/.exec(log);
        if (listening && signalledAt === 0) {
          signalledAt = -1;
          void fetch(`${listening[1]}/api/v1/search/suggest?q=whey`).then(() => {
            signalledAt = Date.now();
            child.kill('SIGTERM');
          });
        }
      });
      child.once('exit', (code) => resolve({ code, ms: Date.now() - signalledAt }));
    });
    const { code, ms } = await exited;
    expect(log).toContain('shutting down');
    expect(log).not.toContain('shutdown failed');
    expect(code).toBe(0);
    expect(ms).toBeLessThan(SHUTDOWN_DEADLINE_MS);
  },
  START_TIMEOUT_MS,
);
