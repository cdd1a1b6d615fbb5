import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { SQL } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { seedCatalog } from '../../server/db/seed.ts';
import { newToken } from '../../server/lib/tokens.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Runs against the fresh, migrated database before the app is built (seeding, fixtures). */
  prepare?: (database: DatabaseHandle) => Promise<void>;
  env?: Record<string, string>;
  /** Where the built PWA is read from (defaults to ./dist). */
  distDir?: string;
  /** The connections of the PostgreSQL pool (10 by default; PGlite has one). */
  poolSize?: number;
}

/**
 * A fresh database for each test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server at TEST_DATABASE_URL (dropped again by close()) when TEST_DB_DRIVER=postgres.
 */
export async function openTestDatabase(poolSize = 10): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `forge_test_${newToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  await database.migrate();
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(options.poolSize);
  await options.prepare?.(database);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...options.env,
  });
  if (options.distDir) config.distDir = options.distDir;
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The size of the catalog most API tests read: every category, brand and flavor appears. */
const TEST_CATALOG_PRODUCTS = 200;

/** A test app over a fresh database seeded with the test catalog. */
export function createCatalogTestApp(): Promise<TestApp> {
  return createTestApp({
    prepare: async (database) => {
      await seedCatalog(database.db, { products: TEST_CATALOG_PRODUCTS });
    },
  });
}

/** The rows a raw statement returns, on either driver. */
export async function rowsOf<T>(db: TestApp['db'], query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
