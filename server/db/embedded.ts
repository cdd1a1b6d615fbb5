/**
 * The embedded PGlite database on disk: how it is created, guarded, copied and recovered.
 *
 * PGlite writes every page straight to its files, and PostgreSQL's write-ahead log makes a killed
 * process recoverable, as long as three things hold, which this module sees to:
 * - a new database appears in its folder whole: it is created beside it and renamed in, so a crash
 *   during the first start cannot leave a half-written folder that every later start dies on;
 * - only one process opens a folder at a time (a lock file beside it names the owner): two
 *   PostgreSQL instances writing the same files damage them beyond recovery;
 * - a consistent copy is kept (a minute after start, then every BACKUP_INTERVAL_MS); a folder that no
 *   longer opens is reported in one line naming the command that puts that copy back.
 */
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/** How often a running server refreshes its copy of the embedded database. */
export const BACKUP_INTERVAL_MS = 15 * 60_000;
/**
 * The first copy waits this long after start: queries wait while a copy is made (about 60 MB,
 * a few hundred ms on a quiet machine, seconds on a busy one), and a start should answer at once.
 */
export const BACKUP_FIRST_DELAY_MS = 60_000;
/** Complete copies kept; older ones are deleted once a newer one is complete. */
export const BACKUPS_KEPT = 2;
/** The command that puts the newest copy back. */
export const RESTORE_COMMAND = 'npm run db:restore';
/** Written last into a copy: a copy without it was interrupted and is never restored. */
const COMPLETE_MARKER = 'BACKUP_COMPLETE';
/** PostgreSQL's own marker of a data folder; PGlite runs initdb when it is missing. */
const VERSION_FILE = 'PG_VERSION';
/** How many of PostgreSQL's last error lines a failed start reports. */
const STDERR_LINES_KEPT = 20;

/** The embedded database cannot be used as it is: the message is the one line to show. */
export class DatabaseUnusableError extends Error {
  override name = 'DatabaseUnusableError';
}

/** For a process entry: prints an unusable database's one line and exits; rethrows the rest. */
export function exitIfUnusable(err: unknown): never {
  if (!(err instanceof DatabaseUnusableError)) throw err;
  console.error(err.message);
  process.exit(1);
}

export const backupsDirOf = (dataDir: string) => `${dataDir}-backups`;
const lockFileOf = (dataDir: string) => `${dataDir}.lock`;
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder's lock file (created exclusively, holding this process id). A lock whose
 * process is gone (killed) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = lockFileOf(dataDir);
  mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.off('exit', release);
        try {
          if (readFileSync(lockFile, 'utf8') === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) {
        throw new DatabaseUnusableError(
          `The embedded database in ${dataDir} is in use by process ${owner}: stop it first ` +
            `(two processes writing one database damage it), or delete ${lockFile} if no such process runs.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseUnusableError(`Could not take the lock ${lockFile}; try again.`);
}

function isEmptyDir(dir: string) {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Complete copies, newest first. */
export function listBackups(dataDir: string): string[] {
  const dir = backupsDirOf(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => existsSync(path.join(dir, name, COMPLETE_MARKER)))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

function unusable(dataDir: string, problem: string): DatabaseUnusableError {
  const [latest] = listBackups(dataDir);
  const way = latest
    ? `run \`${RESTORE_COMMAND}\` to put back the copy of ${path.basename(latest)} ` +
      `(changes made after it are lost; the damaged folder is kept aside)`
    : `no copy to restore exists: move ${dataDir} away to start with a fresh database`;
  return new DatabaseUnusableError(
    `The embedded database in ${dataDir} is damaged and cannot start (${problem}); ${way}.`,
  );
}

/**
 * Opens (creating when needed) the PGlite database in dataDir, holding the folder's lock until
 * the returned close() runs. Throws DatabaseUnusableError when it cannot be used.
 */
export async function openEmbedded(
  dataDir: string,
  options: Pick<PGliteOptions, 'extensions'>,
): Promise<{ client: PGlite; close(): Promise<void> }> {
  const release = lockDataDir(dataDir);
  try {
    if (!existsSync(path.join(dataDir, VERSION_FILE))) {
      if (!isEmptyDir(dataDir)) {
        throw unusable(dataDir, 'the folder has files but no database in it');
      }
      // initdb runs in a folder beside it, which is renamed in once complete and closed.
      const staging = `${dataDir}.new`;
      rmSync(staging, { recursive: true, force: true });
      const fresh = await PGlite.create(staging, options);
      await fresh.close();
      rmSync(dataDir, { recursive: true, force: true });
      renameSync(staging, dataDir);
    }
    const stderr: string[] = [];
    let client: PGlite;
    try {
      client = await PGlite.create(dataDir, {
        ...options,
        onStderr: (text) => {
          stderr.push(text);
          if (stderr.length > STDERR_LINES_KEPT) stderr.shift();
          return false;
        },
      });
    } catch (err) {
      const reason =
        stderr.filter((line) => /PANIC|FATAL/.test(line)).pop() ??
        (err instanceof Error ? err.message : String(err));
      throw unusable(dataDir, reason.trim());
    }
    return {
      client,
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Copies the open database into a new folder under `<dataDir>-backups/` and drops the older
 * copies past BACKUPS_KEPT. A checkpoint first writes every changed page to the files; the copy
 * then runs while PGlite is held (no query runs), so it is the state a crash at that moment would
 * leave, which PostgreSQL recovers from.
 */
export async function backupEmbedded(client: PGlite, dataDir: string): Promise<string> {
  const dir = backupsDirOf(dataDir);
  const target = path.join(dir, stamp());
  mkdirSync(dir, { recursive: true });
  await client.exec('CHECKPOINT');
  await client.runExclusive(() => cp(dataDir, target, { recursive: true }));
  writeFileSync(path.join(target, COMPLETE_MARKER), new Date().toISOString());
  const complete = new Set(listBackups(dataDir).slice(0, BACKUPS_KEPT));
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    // Older copies and interrupted ones (no marker); the one just made is in `complete`.
    if (!complete.has(entry)) rmSync(entry, { recursive: true, force: true });
  }
  return target;
}

/**
 * Puts the newest complete copy back in place of dataDir, which is moved aside (kept for a look).
 * Takes the folder's lock, so it refuses while a server runs on it.
 */
export function restoreLatestBackup(dataDir: string): { restored: string; keptAside?: string } {
  const release = lockDataDir(dataDir);
  try {
    const [latest] = listBackups(dataDir);
    if (!latest) throw new DatabaseUnusableError(`No complete copy in ${backupsDirOf(dataDir)}.`);
    let keptAside: string | undefined;
    if (existsSync(dataDir)) {
      keptAside = `${dataDir}-damaged-${stamp()}`;
      renameSync(dataDir, keptAside);
    }
    const staging = `${dataDir}.new`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(latest, staging, { recursive: true });
    rmSync(path.join(staging, COMPLETE_MARKER), { force: true });
    renameSync(staging, dataDir);
    return { restored: latest, ...(keptAside ? { keptAside } : {}) };
  } finally {
    release();
  }
}

/**
 * Makes a copy BACKUP_FIRST_DELAY_MS after start and then every BACKUP_INTERVAL_MS; a failed copy
 * is logged and tried again at the next turn. stop() cancels the timers and waits for a copy under
 * way.
 */
export function scheduleBackups(
  backup: () => Promise<string>,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let interval: NodeJS.Timeout | undefined;
  const run = () => {
    if (stopped) return;
    const started = Date.now();
    running = backup().then(
      (dir) => log.info({ dir, ms: Date.now() - started }, 'copied the embedded database'),
      (err: unknown) => log.error({ err }, 'copying the embedded database failed'),
    );
  };
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, BACKUP_INTERVAL_MS);
    interval.unref();
  }, BACKUP_FIRST_DELAY_MS);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
      await running;
    },
  };
}
