import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { exitIfUnusable, scheduleBackups } from './db/embedded.ts';
import { seedCatalogIfEmpty } from './db/seed.ts';
import { translateSeededCatalog } from './db/seed-translations.ts';
import { prettyLogs } from './lib/logging.ts';
import { ensureAdmin } from './modules/auth/accounts.ts';

/**
 * Past this, a shutdown that has not finished (a request that never ends, a close step that hangs)
 * exits anyway, so a supervisor's stop or a redeploy is never left waiting on the old process.
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** Opens and migrates the database, seeds an empty catalog, and starts listening. */
export async function startServer(config: Config) {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  // At a terminal, lines a person reads; piped, collected or in production, one JSON object each.
  const atTerminal = process.stdout.isTTY && config.NODE_ENV !== 'production';
  const app = await buildApp({
    config,
    database,
    ...(atTerminal ? { logStream: prettyLogs() } : {}),
  });
  if (config.SHOP_ADMIN_EMAIL && config.SHOP_ADMIN_PASSWORD) {
    const email = config.SHOP_ADMIN_EMAIL.trim().toLowerCase();
    const outcome = await ensureAdmin(database.db, email, config.SHOP_ADMIN_PASSWORD);
    app.log.info({ email, outcome }, 'admin account ready');
  }
  if (await seedCatalogIfEmpty(database.db, { products: config.SEED_PRODUCTS })) {
    app.log.info({ products: config.SEED_PRODUCTS }, 'seeded the catalog');
  }
  const translated = await translateSeededCatalog(database.db);
  if (translated) app.log.info(translated, "wrote the seed's French into the catalog");
  const backups = database.backup && scheduleBackups(database.backup, app.log);
  app.addHook('onClose', async () => {
    await backups?.stop();
    await database.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_DEADLINE_MS} ms; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  return app;
}

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const isEntry =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isEntry) await startServer(loadConfigOrExit()).catch(exitIfUnusable);
