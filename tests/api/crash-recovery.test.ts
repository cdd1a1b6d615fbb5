/**
 * The embedded database against crashes: real server processes killed with SIGKILL (a small run
 * of scripts/crash-test.ts; `npx tsx scripts/crash-test.ts --kills 20` is the full one), a second
 * process on the same folder, and a damaged folder put back from its copy.
 * PGlite only: PostgreSQL looks after its own files.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runCrashTest, summary } from '../../scripts/crash-test.ts';
import { openDatabase } from '../../server/db/client.ts';
import {
  DatabaseUnusableError,
  RESTORE_COMMAND,
  restoreLatestBackup,
} from '../../server/db/embedded.ts';

/** Kills in `npm test`; each costs a server start (seconds on a busy machine). */
const KILLS_IN_SUITE = 3;
/**
 * The first kill always lands in the first start; the suite's others land under write load, so
 * writes are acknowledged to check. Drawn at random like the full run's (a fifth in the start),
 * both would land in a start one run in twenty-five, with nothing written to lose.
 */
const SUITE_BOOT_KILL_SHARE = 0;
/** Generous: every start of a real server process loads PGlite and tsx. */
const CRASH_RUN_TIMEOUT_MS = 300_000;
const SERVER_RUN_TIMEOUT_MS = 120_000;

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forge-crash-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the real server entry on dataDir until it exits; the test expects it not to start. */
function runServer(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

// The embedded database's own folder is what these tests kill and restore; under the PostgreSQL
// project the same file would only test PGlite again.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('embedded database crashes', () => {
  it(
    'restarts after every SIGKILL, the first start included, with no acknowledged write lost',
    async () => {
      const result = await runCrashTest({
        kills: KILLS_IN_SUITE,
        bootKillShare: SUITE_BOOT_KILL_SHARE,
        log: () => {},
      });
      console.log(summary(result));
      expect(result.problems).toEqual([]);
      expect(result.failedStarts).toBe(0);
      expect(result.kills).toBe(KILLS_IN_SUITE);
      expect(result.restarts).toBeGreaterThan(0);
      expect(result.lost).toBe(0);
      expect(result.acknowledgedWrites).toBeGreaterThan(0);
    },
    CRASH_RUN_TIMEOUT_MS,
  );

  it('refuses a second opener of the same folder while the first holds it', async () => {
    const dataDir = path.join(tempDir(), 'pglite');
    const first = await openDatabase({ dataDir });
    try {
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toThrow(DatabaseUnusableError);
      await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
    // Closed: the folder is free again, and a lock left by a dead process is taken over.
    writeFileSync(`${dataDir}.lock`, '999999999');
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 60_000);

  it(
    'reports a damaged folder in one line naming the restore, which brings the copy back',
    async () => {
      const dataDir = path.join(tempDir(), 'pglite');
      const database = await openDatabase({ dataDir });
      await database.db.execute(sql`create table kept (value text)`);
      await database.db.execute(sql`insert into kept values ('before the copy')`);
      await database.backup!();
      await database.close();

      // The write-ahead log gone: PostgreSQL finds no checkpoint to start from.
      const wal = path.join(dataDir, 'pg_wal');
      for (const name of readdirSync(wal)) rmSync(path.join(wal, name), { recursive: true });

      await expect(openDatabase({ dataDir })).rejects.toThrow(RESTORE_COMMAND);
      const { code, stderr } = await runServer(path.dirname(dataDir));
      console.log(`server on a damaged folder: exit ${code}, said: ${stderr.trim()}`);
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain(`is damaged and cannot start`);
      expect(stderr).toContain(RESTORE_COMMAND);

      const { keptAside } = restoreLatestBackup(dataDir);
      expect(keptAside).toBeDefined();
      const restored = await openDatabase({ dataDir });
      try {
        const result = (await restored.db.execute(sql`select value from kept`)) as unknown as {
          rows: { value: string }[];
        };
        expect(result.rows.map((row) => row.value)).toEqual(['before the copy']);
      } finally {
        await restored.close();
      }
    },
    SERVER_RUN_TIMEOUT_MS,
  );
});
