import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { backupEmbedded, openEmbedded } from './embedded.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** The SQL statements one piece of work (a request) has sent so far. */
export interface StatementCount {
  statements: number;
}

const statementCounts = new AsyncLocalStorage<StatementCount>();

/**
 * Runs `fn` with `count` counting every statement that it, and all it starts, sends through a
 * database of `openDatabase` (on PostgreSQL BEGIN, COMMIT and ROLLBACK included; PGlite runs those
 * inside its transaction call, unseen). Node tracks the asynchronous
 * context from the first call on, which costs CPU on every await: for measuring (the metrics'
 * COUNT_DB_STATEMENTS), not for everyday serving. Without a call, counting costs one lookup per
 * statement.
 */
export function countStatements<T>(count: StatementCount, fn: () => T): T {
  return statementCounts.run(count, fn);
}

const statementCounter: Logger = {
  logQuery() {
    const count = statementCounts.getStore();
    if (count) count.statements += 1;
  },
};

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** PostgreSQL's connection pool, for its use in the metrics; absent for PGlite (one connection). */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** Copies an embedded database on disk (see embedded.ts); absent for PostgreSQL and memory. */
  backup?: () => Promise<string>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any process on the same
   * database. After a lost connection it calls `onMessage(null)` once reconnected: notifications
   * may have been missed meanwhile. Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string | null) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How long a request waits to open a PostgreSQL connection before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** Directory for PGlite's files, or 'memory://' for a throw-away database. */
  dataDir?: string;
  poolSize?: number;
}

/**
 * The most statements one PostgreSQL connection keeps prepared. The shop sends a few dozen
 * statement texts over and over; beyond this many (texts that differ by the length of a list),
 * a new text is sent unprepared as before, so a connection's memory on the server stays bounded.
 */
export const PREPARED_PER_CONNECTION = 200;

/**
 * A PostgreSQL connection that prepares each statement text with parameters once and then only
 * executes it (a statement cache, as pgx and JDBC keep one). PostgreSQL otherwise parses and plans
 * every statement afresh, and planning a statement of several joins costs more than running it:
 * the cart's lines took about 0.9 ms to plan and 0.1 ms to run. The name is a hash of the text, so
 * the same text always meets its own prepared statement on that connection.
 */
export class PreparingClient extends pg.Client {
  readonly prepared = new Set<string>();
}
/**
 * Each text's statement name, hashed once per process rather than on every statement: every
 * connection of the pool names a text alike. It keeps at most as many texts as a connection
 * prepares; a text beyond them is hashed each time it is sent.
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size < PREPARED_PER_CONNECTION) statementNames.set(text, name);
  }
  return name;
}
const sendQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
PreparingClient.prototype.query = function (this: PreparingClient, ...args: unknown[]) {
  const [first] = args;
  const config = typeof first === 'string' ? { text: first } : first;
  if (
    typeof config === 'object' &&
    config !== null &&
    'text' in config &&
    typeof config.text === 'string' &&
    !('name' in config && config.name) &&
    config.text.includes('$1')
  ) {
    const name = statementName(config.text);
    if (this.prepared.has(name) || this.prepared.size < PREPARED_PER_CONNECTION) {
      this.prepared.add(name);
      args[0] = { ...config, name };
    }
  }
  return sendQuery.apply(this, args);
} as pg.Client['query'];

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: options.url,
      max: options.poolSize ?? 20,
      // A request waits this long for a connection, then fails (503) instead of hanging while
      // the server is unreachable.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection dies when the server restarts, fails over or a pooler recycles it. An idle
    // client reports it on the pool's 'error'; a checked-out one (between the statements of a
    // transaction) on its own 'error', which without a listener would end the process. The
    // statement in flight fails (answered 503) and the pool drops the client when it is released:
    // the next request opens a fresh connection.
    const warnLost = (err: Error) =>
      console.warn(`PostgreSQL connection lost: ${err.message}; the pool opens a new one`);
    pool.on('connect', (client) => client.on('error', warnLost));
    // The idle client's own listener above has said so already.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema, logger: statementCounter }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      pool,
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, onMessage) => listenPostgres(options.url!, channel, onMessage),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const onDisk = !dataDir.startsWith('memory://');
  const opened = onDisk
    ? await openEmbedded(dataDir, { extensions: { pg_trgm } })
    : await PGlite.create(dataDir, { extensions: { pg_trgm } }).then((client) => ({
        client,
        close: () => client.close(),
      }));
  const { client } = opened;
  const db = drizzlePglite(client, { schema, logger: statementCounter }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    ...(onDisk ? { backup: () => backupEmbedded(client, dataDir) } : {}),
    listen: async (channel, onMessage) => {
      // PGlite calls listeners while it answers the statement that notified: what they start is
      // not that request's work.
      const stop = await client.listen(channel, (payload) =>
        statementCounts.exit(() => onMessage(payload)),
      );
      return () => stop();
    },
    close: () => opened.close(),
  };
}

/**
 * LISTEN needs a connection of its own, held open: a pooled one would be handed to queries and
 * returned. When it drops, a new one is opened (with a growing pause) until stopped.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (attempt: number): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const reconnect = () => {
      if (stopped || current !== client) return;
      current = null;
      retry = setTimeout(
        () => void connect(attempt + 1).catch(() => undefined),
        Math.min(30_000, 250 * 2 ** attempt),
      );
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      reconnect();
      if (attempt === 0) throw err;
      return;
    }
    if (attempt > 0) onMessage(null);
  };
  await connect(0);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
