/**
 * `npm run seed -- [--products N] [--reset]`: seeds the database the server would use
 * (DATABASE_URL, or the embedded database in DATA_DIR), after applying migrations.
 * Without --reset a catalog that already has products is left alone.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { categories, products } from '../modules/catalog/tables.ts';
import { openDatabase } from './client.ts';
import { clearCatalog, seedCatalog } from './seed.ts';

const USAGE = 'usage: npm run seed -- [--products N] [--reset]';

function parseOptions(defaultProducts: number) {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const productCount = values.products === undefined ? defaultProducts : Number(values.products);
  if (!Number.isInteger(productCount) || productCount < 0 || productCount > 1_000_000) {
    throw new Error(`--products must be a whole number from 0 to 1000000\n${USAGE}`);
  }
  return { products: productCount, reset: values.reset, help: values.help };
}

async function main() {
  const config = loadConfig();
  const options = parseOptions(config.SEED_PRODUCTS);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  const where = config.DATABASE_URL
    ? `PostgreSQL at ${new URL(config.DATABASE_URL).host}`
    : `the embedded database in ${config.dataDir}`;
  try {
    await database.migrate();
    if (options.reset) {
      await clearCatalog(database.db);
      console.log(`Emptied the catalog (and the cart lines that referred to it) in ${where}.`);
    } else {
      const [taxonomy] = await database.db.select({ n: count() }).from(categories);
      if (taxonomy && taxonomy.n > 0) {
        const [row] = await database.db.select({ n: count() }).from(products);
        console.error(
          `${where} already has a catalog (${row?.n ?? 0} products); nothing seeded. ` +
            'Add --reset to replace it.',
        );
        process.exitCode = 1;
        return;
      }
    }
    const result = await seedCatalog(database.db, { products: options.products });
    const { generate, insert, searchIndex } = result.timings;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `Seeded ${where} in ${seconds(generate + insert + searchIndex)}: ${result.products} products, ` +
        `${result.variants} variants, ${result.reviews} reviews, ${result.categories} categories, ` +
        `${result.brands} brands, ${result.flavors} flavors.\n  generate ${seconds(generate)}, ` +
        `insert ${seconds(insert)}, search index ${seconds(searchIndex)}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
