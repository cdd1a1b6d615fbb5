/**
 * `npm run bench:index`: times the search index alone, in this process, without HTTP: how long
 * loading the catalog takes, the memory it holds, and the CPU time per query of the long-tail
 * suggest and product searches (the same queries as `npm run bench`). Where `npm run bench` says
 * how the whole shop answers, this says how much of that is the search itself.
 * A script that prints figures, never a test.
 *
 *   npm run bench:index -- [--products 20000] [--queries 4000] [--seed 19] [--rounds 3]
 *     [--locale en-CA|fr-CA]
 *
 * `--locale` picks the language whose index is built (the shop keeps one per language); the
 * queries are the same English words in both, so French figures show the cost, not the matches.
 *
 * It seeds a fresh PGlite catalog of --products in memory, or reads the catalog of
 * BENCH_INDEX_DATABASE_URL when set (a database `npm run bench` or the shop already seeded).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { isLocale, LOCALES } from '../contract/locale.ts';
import { SearchProductsQuery } from '../contract/search.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedCatalogIfEmpty } from '../server/db/seed.ts';
import { MemoryProductIndex } from '../server/modules/search/memory-index.ts';
import { openSearch, searchProductsJson, suggestJson } from '../server/modules/search/service.ts';
import { longTailQueries, longTailSearchPaths } from './bench-queries.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    queries: { type: 'string', default: '4000' },
    seed: { type: 'string', default: '19' },
    rounds: { type: 'string', default: '3' },
    locale: { type: 'string', default: 'en-CA' },
  },
});
if (!isLocale(args.locale)) throw new Error(`--locale must be one of ${LOCALES.join(', ')}`);
const locale = args.locale;

const url = process.env.BENCH_INDEX_DATABASE_URL;
const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 2 });

try {
  await database.migrate();
  await seedCatalogIfEmpty(database.db, { products: Number(args.products) });
  global.gc?.();
  const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const heapBefore = held();
  const index = new MemoryProductIndex(database.db, locale);
  let started = performance.now();
  await index.load();
  const loadMs = performance.now() - started;
  global.gc?.();
  const heapMb = (held() - heapBefore) / 2 ** 20;
  const search = openSearch(index);

  const vocabulary = await index.current();
  const taxonomy = {
    categories: vocabulary.categories.map((entry) => entry.slug),
    brands: vocabulary.brands.map((entry) => entry.slug),
    flavors: vocabulary.flavors.map((entry) => entry.slug),
    names: [...vocabulary.categories, ...vocabulary.brands, ...vocabulary.flavors].map(
      (entry) => entry.name,
    ),
  };
  const listing = JSON.parse(
    (await searchProductsJson(search, SearchProductsQuery.parse({ limit: '100' }))).toString(),
  ) as { results: { products: { name: string }[]; pagination: { totalProducts: number } } };
  const names = listing.results.products.map((product) => product.name);
  const loaded = listing.results.pagination.totalProducts;
  const queries = longTailQueries(
    [...names, ...taxonomy.names],
    Number(args.queries),
    Number(args.seed),
  );
  const productQueries = longTailSearchPaths(queries, taxonomy, Number(args.seed)).map((p) =>
    SearchProductsQuery.parse(Object.fromEntries(new URL(p, 'http://x').searchParams)),
  );

  console.log(
    `index of ${loaded} products: loaded in ${loadMs.toFixed(0)} ms, holding ${heapMb.toFixed(0)} MB (heap and buffers), ` +
      `process RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB` +
      `${global.gc ? '' : ' (run with --expose-gc for an exact figure)'}; ${queries.length} queries`,
  );
  const time = async (label: string, run: (i: number) => Promise<unknown>, count: number) => {
    const times: number[] = [];
    for (let round = 0; round < Number(args.rounds); round++) {
      for (let i = 0; i < count; i++) {
        started = performance.now();
        await run(i);
        times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
    const at = (share: number) =>
      times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
    console.log(
      `  ${label.padEnd(24)} mean ${(mean * 1000).toFixed(0).padStart(5)} µs  ` +
        `p50 ${(at(0.5) * 1000).toFixed(0).padStart(5)} µs  p99 ${(at(0.99) * 1000).toFixed(0).padStart(6)} µs  ` +
        `max ${(at(1) * 1000).toFixed(0).padStart(6)} µs  (${(1000 / mean).toFixed(0)} per second)`,
    );
  };
  await time('suggest, long tail', (i) => suggestJson(search, queries[i]!), queries.length);
  await time(
    'product search, long tail',
    (i) => searchProductsJson(search, productQueries[i]!),
    productQueries.length,
  );
  await index.close();
} finally {
  await database.close();
}
