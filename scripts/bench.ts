/**
 * `npm run bench`: load-tests search and product pages on a large generated catalog, the
 * server-rendered pages, and the checkout (placing orders), on the embedded database (PGlite) and
 * on PostgreSQL, and prints requests/s and latency per route.
 * A script that prints figures, never a test: the numbers depend on the machine and its load.
 *
 *   npm run bench -- [--products 20000] [--sizes 10000,20000,100000] [--duration 10] [--warmup 3]
 *                    [--connections 50] [--pglite-connections 10] [--only pglite|postgres]
 *                    [--modes uncached,cached] [--scenarios search,pages,checkout]
 *                    [--query-sets long-tail,head] [--queries 4000] [--seed 19]
 *
 * BENCH_SHOP_NODE_ARGS are given to the shop's Node.js (`--cpu-prof --cpu-prof-dir=DIR` profiles
 * it under the load).
 *
 * Each database gets a fresh catalog: PGlite in a temporary data directory, PostgreSQL in a new
 * database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) that is
 * dropped afterwards, seeded by this script before the shop starts (so the shop's memory figures
 * hold what serving needs, not the seeding's leftovers). The shop runs as a child process
 * (`server/server.ts`) so the load generator never shares its event loop.
 *
 * Scenario "search" (autocannon): suggest, product search, product pages and a product's related
 * products (the last two on first reads and once kept), once per catalog size of --sizes
 * (default: --products), each on a freshly seeded database. Query sets: "long-tail"
 * (default) is --queries distinct queries of the kind shoppers type — prefixes, typos, pairs of
 * the catalog's own words — drawn with a fixed seed from the catalog's names, so almost every
 * request is one the shop has not answered before; "head" is a short list of popular terms.
 * Modes: "uncached" (default) sets SEARCH_CACHE_SECONDS=0; "cached" reuses answers for 30 s.
 * Each size first measures a bare Fastify hello-world (scripts/bench-hello-world.ts) with the same
 * connections and duration, and measures it again after every route: a row's "× hello" is its
 * req/s over the mean of the hello-world runs just before and after it ("hello req/s"), so figures
 * taken on a busy or shared machine, whose speed drifts during a run, still compare. The shop's
 * resident memory (RSS) is read from /proc after each route.
 *
 * Scenario "pages" (autocannon): the HTML pages the server renders (server/render/pages.ts,
 * docs/rendering.md), on the --products catalog (the search scenario's database and hello-world
 * when it runs, a freshly seeded one otherwise), with the shop's answer cache off: GET
 * /product/{slug} over a few hundred products drawn from different orders of the listing, and
 * GET /category/{slug} over every category, both with the headers of a browser's navigation
 * (`Accept: text/html…`, `Accept-Encoding: gzip, deflate, br`). Each connection takes the next URL of the list in turn, so every product is
 * rendered, not the first few. Every URL is rendered once before the warm-up (the API's exact
 * read caches are full, as in a shop that ran a while). Modes: "uncached" sets
 * PAGE_CACHE_SECONDS=0, so every request renders its page; "cached" keeps rendered pages as the
 * shop does by default (server/render/page-cache.ts). Every page is checked before the run
 * (decompressed: a 200 `text/html` holding the product's or category's name) and its ETag kept;
 * under load an answer counts as good only when it is a 200 compressed `text/html` with that
 * ETag (a hash of the page, so the same page), and anything else is counted in the problems
 * ("wrong answers"), so a broken renderer cannot give good figures. The load generator reads no
 * compressed body: decompressing every answer would make it, not the shop, the bottleneck. Besides the row (with p97.5), it prints the CPU cost
 * of a render: the shop process's CPU time (utime + stime from /proc/<pid>/stat) over the
 * measured run, divided by its good answers — uncached, the cost of a render and the API calls
 * it makes in process.
 * It needs the server build (`dist-server/entry-server.js`): run `npm run build` first.
 *
 * Scenario "checkout": one buyer per connection, each with its own account and its own cart.
 * Before the shop starts, this script opens the bench database itself (migrating and seeding it
 * when the search scenario has not) and sets every variant's stock to BENCH_STOCK, so no
 * placement is refused for stock. The accounts are registered through the API; the shop trusts
 * X-Forwarded-For from loopback (TRUST_PROXY=loopback, as behind a reverse proxy) and each account
 * registers from its own address in 198.18.0.0/15 (the benchmarking range), so the registration
 * limit per client address is honoured rather than switched off. Each cart gets one line. Then,
 * with the same cookies: GET /cart is measured as the baseline (a signed-in read of one cart),
 * and each buyer repeats "place the order (POST /orders, its own Idempotency-Key), put the line
 * back in the emptied cart (POST /cart/items)", every call from its own address. That loop is a
 * small fetch-based load generator rather than autocannon, so the latency of the placements is
 * measured apart from the refills; orders/s counts 201 answers only. It also prints the share of
 * a CPU core the shop's process and the load generator used: a shop well under one core spent its
 * time waiting, on the database or, on a shared machine, for a CPU that other work held. And it prints the SQL statements per
 * placement, per GET /cart and per refill: the shop runs with COUNT_DB_STATEMENTS=1 and a
 * METRICS_TOKEN, and the bench reads forge_db_statements_total and forge_http_requests_total from
 * its /metrics before and after each run (each statement is a round trip, and in a placement one
 * made while its locks are held). Counting tracks each request's asynchronous context, which costs
 * the shop some CPU in this scenario only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { IDEMPOTENCY_HEADER } from '../contract/http.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { seedCatalogIfEmpty } from '../server/db/seed.ts';
import { variants } from '../server/modules/catalog/tables.ts';
import { SESSION_COOKIE } from '../server/plugins/sessions.ts';
import { longTailQueries, longTailSearchPaths, type Taxonomy } from './bench-queries.ts';

type Mode = 'cached' | 'uncached';
const MODES_ALL: Mode[] = ['cached', 'uncached'];
type Scenario = 'search' | 'pages' | 'checkout';
const SCENARIOS_ALL: Scenario[] = ['search', 'pages', 'checkout'];

const root = path.resolve(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'pglite-connections': { type: 'string', default: '10' },
    only: { type: 'string' },
    modes: { type: 'string', default: 'uncached' },
    scenarios: { type: 'string', default: 'search,pages,checkout' },
    sizes: { type: 'string' },
    'query-sets': { type: 'string', default: 'long-tail' },
    queries: { type: 'string', default: '4000' },
    seed: { type: 'string', default: '19' },
  },
});

const PRODUCTS = Number(args.products);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const PG_CONNECTIONS = Number(args.connections);
const PGLITE_CONNECTIONS = Number(args['pglite-connections']);
const MODES = (args.modes ?? '').split(',').filter((m): m is Mode => MODES_ALL.includes(m as Mode));
const SCENARIOS = (args.scenarios ?? '').split(',').map((name) => name.trim());
const SIZES = (args.sizes ?? args.products ?? '20000').split(',').map(Number);
const QUERY_SETS = (args['query-sets'] ?? '').split(',').map((name) => name.trim());
const QUERY_COUNT = Number(args.queries);
const SEED = Number(args.seed);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  products: number;
  database: string;
  mode: string;
  route: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  /** Printed when set (the pages scenario's rows). */
  p97_5?: number;
  p99: number;
  problems: string;
  /** req/s over the hello-world baseline's in the same run; null for checkout rows. */
  ratio: number | null;
  /** That baseline's req/s: hello-world's mean over the runs just before and after the route. */
  baseline: number | null;
  /** The shop's resident memory after the run, MB. */
  rssMb: number | null;
}

/** What a shopper types into the search box, keystroke by keystroke, typos included. */
const SUGGEST_TERMS = [
  'pr',
  'pro',
  'prot',
  'protein',
  'whey',
  'whey pro',
  'whey protien',
  'wehy',
  'iso',
  'isolate',
  'crea',
  'creatine',
  'creatine mono',
  'creatin',
  'pre',
  'pre work',
  'preworkout',
  'bcaa',
  'amino',
  'vanilla',
  'choc',
  'chocolate',
  'creme brulee',
  'crème',
  'salted car',
  'blue rasp',
  'vegan',
  'plant protein',
  'gainer',
  'mass',
  'energy',
  'energy drink',
  'electrolytes',
  'hydra',
  'collagen',
  'omega',
  'fish oil',
  'glutamine',
  'casein',
  'fat burn',
  'thermo',
  'carbs',
  'joint',
  'glucosamine',
  'titan',
  'apex',
  'maple',
  'nordic peak',
  'bolt',
  'acai',
  'pina colada',
  'multivit',
  'zinc',
  'sleep',
  'keto',
  'bars',
  'cookies cream',
  'birthday cake',
  'recovery',
];

function searchPaths(taxonomy: Taxonomy): string[] {
  const pick = (list: string[], i: number) => list[i % list.length] ?? '';
  const paths: string[] = [];
  const terms = [
    'whey',
    'protein',
    'creatine',
    'crea',
    'whey protien',
    'vanilla',
    'pre workout',
    'isolate',
    'energy',
    'vegan protein',
    'bcaa',
    'chocolate',
    'gainer',
    'creme brulee',
    'collagen',
  ];
  terms.forEach((term, i) => {
    const q = encodeURIComponent(term);
    paths.push(`/api/v1/search/products?search=${q}`);
    paths.push(`/api/v1/search/products?search=${q}&sort=price-asc&inStock=true`);
    paths.push(`/api/v1/search/products?search=${q}&brand=${pick(taxonomy.brands, i)}`);
    paths.push(`/api/v1/search/products?search=${q}&minPrice=2000&maxPrice=6000&page=2`);
  });
  // The category, brand and flavor pages are listings through the same endpoint.
  for (let i = 0; i < 12; i++) {
    paths.push(`/api/v1/search/products?category=${pick(taxonomy.categories, i)}`);
    paths.push(`/api/v1/search/products?brand=${pick(taxonomy.brands, i)}&sort=rating`);
    paths.push(`/api/v1/search/products?flavor=${pick(taxonomy.flavors, i)}&sort=newest&page=2`);
  }
  paths.push('/api/v1/search/products');
  paths.push('/api/v1/search/products?minRating=4.5&sort=price-desc');
  return paths;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Shop {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the shop as a production-like child process and waits until it answers /readyz. */
async function startShop(env: Record<string, string>): Promise<Shop> {
  const port = await freePort();
  const nodeArgs = process.env.BENCH_SHOP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Buyers place order after order without paying: the bound on unpaid orders would stop them.
      UNPAID_ORDERS_PER_ACCOUNT: '1000000',
      UNPAID_ORDERS_PER_ADDRESS: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      // A shop that leaves mid-run turns the rest of the run into connection errors: say why.
      if (!stopping) console.log(`  the shop exited unexpectedly (code ${code}, signal ${signal})`);
      resolve();
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) break;
    } catch {
      // Not listening yet: it migrates and seeds first.
    }
    if (Date.now() > deadline) throw new Error('the shop did not become ready in 30 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    child,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

async function readTaxonomy(base: string): Promise<Taxonomy> {
  const read = async (name: string) =>
    (await getJson<{ data: { slug: string; name: string }[] }>(`${base}/api/v1/taxonomy/${name}`))
      .data;
  const [categories, brands, flavors] = await Promise.all(
    ['categories', 'brands', 'flavors'].map(read),
  );
  const slugs = (list: { slug: string }[] | undefined) => (list ?? []).map((item) => item.slug);
  return {
    categories: slugs(categories),
    brands: slugs(brands),
    flavors: slugs(flavors),
    names: [...(categories ?? []), ...(brands ?? []), ...(flavors ?? [])].map((item) => item.name),
  };
}

/** A spread of product slugs: pages from different orders so hot and cold rows both appear. */
async function readProductSlugs(base: string): Promise<string[]> {
  const slugs = new Set<string>();
  for (const query of ['sort=newest', 'sort=price-asc&page=7', 'sort=name&page=40', 'page=90']) {
    const body = await getJson<{ results: { products: { slug: string }[] } }>(
      `${base}/api/v1/search/products?limit=100&${query}`,
    );
    for (const product of body.results.products) slugs.add(product.slug);
  }
  return [...slugs];
}

/**
 * Asks for `paths` over `connections` for `duration` seconds. Each connection goes through the
 * list from its start, so the connections ask for much the same URL at the same time. With
 * `eachOnce`, each URL is asked for exactly once instead, every request taking the next URL of
 * one list the connections share, and the run ends with the list (`duration` is not used).
 */
async function load(
  base: string,
  paths: string[],
  connections: number,
  duration: number,
  eachOnce = false,
): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: base,
    connections,
    ...(eachOnce ? { amount: paths.length } : { duration }),
    timeout: 30,
    requests: eachOnce
      ? [
          {
            method: 'GET' as const,
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
          },
        ]
      : paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
}

function describeProblems(result: autocannon.Result): string {
  const parts = [
    result.errors ? `${result.errors} errors` : '',
    result.timeouts ? `${result.timeouts} timeouts` : '',
    result.non2xx ? `${result.non2xx} non-2xx` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : '0';
}

/** Product names (and slugs) from several pages of different orders of the listing. */
async function readCatalogSample(base: string, pages: number) {
  // The first search waits for the index to load, which at 200k products outlasts the
  // server's request time-out: ask again until it answers.
  for (let attempt = 0; ; attempt++) {
    try {
      await getJson(`${base}/api/v1/search/products?limit=1`);
      break;
    } catch (err) {
      if (attempt >= 120) throw err;
      await sleep(5000);
    }
  }
  const names: string[] = [];
  const slugs = new Set<string>();
  /** Each product's name by its slug. */
  const bySlug = new Map<string, string>();
  const orders = ['newest', 'price-asc', 'name', 'rating', 'relevance'];
  for (let page = 1; page <= pages; page++) {
    const sort = orders[page % orders.length];
    const body = await getJson<{ results: { products: { slug: string; name: string }[] } }>(
      `${base}/api/v1/search/products?limit=100&sort=${sort}&page=${page}`,
    );
    for (const product of body.results.products) {
      names.push(product.name);
      slugs.add(product.slug);
      bySlug.set(product.slug, product.name);
    }
  }
  return { names, slugs: [...slugs], bySlug };
}

/** Resident and peak resident memory of a process, MB (Linux /proc), or null. */
function memoryMb(pid: number | undefined): { rss: number; peak: number } | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: Math.round(field('VmRSS') / 1024), peak: Math.round(field('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** The bare Fastify baseline, kept running while a catalog size is measured. */
interface HelloWorld {
  /** One run with the routes' connections and duration. */
  measure(): Promise<autocannon.Result>;
  rssMb(): number | null;
  stop(): Promise<void>;
}

async function startHelloWorld(connections: number): Promise<HelloWorld> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-hello-world.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(base)).ok) break;
      } catch {
        if (i > 200) throw new Error('the hello-world server did not start');
        await sleep(100);
      }
    }
    if (WARMUP > 0) await load(base, ['/'], connections, WARMUP);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    measure: () => load(base, ['/'], connections, DURATION),
    rssMb: () => memoryMb(child.pid)?.rss ?? null,
    stop,
  };
}

/**
 * The baseline each route is compared with: hello-world measured just before and just after the
 * route, averaged, so a machine whose speed drifts during a run (a shared one does, by half at
 * times) moves the route and its baseline together.
 */
class Baseline {
  private before: number;

  private constructor(
    private readonly hello: HelloWorld,
    first: number,
  ) {
    this.before = first;
  }

  /** Starts hello-world and measures it once, as the size's first row. */
  static async start(products: number, database: string, connections: number, rows: Row[]) {
    const hello = await startHelloWorld(connections);
    try {
      const result = await hello.measure();
      const row: Row = {
        products,
        database,
        mode: '-',
        route: 'hello-world (bare Fastify)',
        connections,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        problems: describeProblems(result),
        ratio: 1,
        baseline: Math.round(result.requests.average),
        rssMb: hello.rssMb(),
      };
      rows.push(row);
      printRow(row, 1);
      return new Baseline(hello, result.requests.average);
    } catch (err) {
      await hello.stop();
      throw err;
    }
  }

  /** Measures hello-world again, after a route: the mean of this run and the one before. */
  async next(): Promise<number> {
    const after = (await this.hello.measure()).requests.average;
    const mean = (this.before + after) / 2;
    this.before = after;
    return mean;
  }

  stop(): Promise<void> {
    return this.hello.stop();
  }
}

function printRow(row: Row, distinct: number) {
  console.log(
    `  ${String(row.products).padStart(7)} ${row.mode.padEnd(8)} ${row.route.padEnd(34)} ` +
      `${String(row.requestsPerSecond).padStart(6)} req/s  × ${(row.ratio ?? 0).toFixed(3)}` +
      ` (of ${row.baseline ?? '?'})` +
      `  p50 ${row.p50} ms` +
      (row.p97_5 === undefined ? '' : `  p97.5 ${row.p97_5} ms`) +
      `  p99 ${row.p99} ms  RSS ${row.rssMb ?? '?'} MB` +
      `  (${distinct} distinct URLs, problems: ${row.problems})`,
  );
}

const FIRST_READS = 'GET /products/{slug}, first reads';
/** A product page's related products (the page asks for 4), kept by the shop like the page. */
const SUGGESTED = 'GET /products/{slug}/suggested';
const SUGGESTED_FIRST_READS = 'GET /products/{slug}/suggested, first reads';
/** Measured on URLs not read before: neither primed nor warmed up. */
const FIRST_READ_ROUTES = new Set([FIRST_READS, SUGGESTED_FIRST_READS]);
/** Answers the shop keeps until the catalog changes: measured once every URL was read. */
const KEPT_ROUTES = new Set(['GET /products/{slug}', SUGGESTED]);

/** One catalog size on a fresh database: seeds it, then the search and/or pages scenarios. */
async function benchSearch(
  database: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  connections: number,
  products: number,
  rows: Row[],
  scenarios: { search: boolean; pages: boolean },
) {
  const baseline = await Baseline.start(products, database, connections, rows);
  try {
    const seeding = Date.now();
    await withCatalog(env, products);
    console.log(
      `${database}: migrated and seeded ${products} products in ` +
        `${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );
    if (scenarios.search) {
      await benchCatalog(database, env, connections, products, rows, baseline);
    }
    if (scenarios.pages) await benchPages(database, env, connections, products, rows, baseline);
  } finally {
    await baseline.stop();
  }
}

async function benchCatalog(
  database: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  connections: number,
  products: number,
  rows: Row[],
  baseline: Baseline,
) {
  for (const [index, mode] of MODES.entries()) {
    const started = Date.now();
    const shop = await startShop({
      ...env,
      SEED_PRODUCTS: String(products),
      SEARCH_CACHE_SECONDS: mode === 'cached' ? '30' : '0',
    });
    try {
      const taxonomy = await readTaxonomy(shop.base);
      const sample = await readCatalogSample(shop.base, 20);
      const ready = memoryMb(shop.child.pid);
      if (index === 0) {
        console.log(
          `${database}: the shop started and answered its first searches in ` +
            `${((Date.now() - started) / 1000).toFixed(1)} s; shop RSS ${ready?.rss ?? '?'} MB ` +
            `(peak ${ready?.peak ?? '?'} MB)`,
        );
      }
      const queries = longTailQueries([...sample.names, ...taxonomy.names], QUERY_COUNT, SEED);
      const routes: [string, string[]][] = [];
      if (QUERY_SETS.includes('long-tail')) {
        routes.push(
          [
            'GET /search/suggest, long tail',
            queries.map((q) => `/api/v1/search/suggest?q=${encodeURIComponent(q)}`),
          ],
          ['GET /search/products, long tail', longTailSearchPaths(queries, taxonomy, SEED)],
        );
      }
      if (QUERY_SETS.includes('head')) {
        routes.push(
          [
            'GET /search/suggest, head',
            SUGGEST_TERMS.map((q) => `/api/v1/search/suggest?q=${encodeURIComponent(q)}`),
          ],
          ['GET /search/products, head', searchPaths(taxonomy)],
        );
      }
      // Product pages do not go through the search cache: measure them once per size. Their
      // read cache is exact (emptied by the catalog change feed, not by a timer), so they are
      // measured twice: on first reads, each URL read for the first time (no warm-up), and once
      // every URL was read (the steady state, which the goal is about).
      const pages = sample.slugs.map((slug) => `/api/v1/products/${encodeURIComponent(slug)}`);
      if (index === 0) {
        routes.push([FIRST_READS, pages], ['GET /products/{slug}', pages]);
        // Its first reads ask for 1 to 8 products, each URL once: a run of several seconds.
        routes.push(
          [
            SUGGESTED_FIRST_READS,
            [1, 2, 3, 4, 5, 6, 7, 8].flatMap((limit) =>
              pages.map((page) => `${page}/suggested?limit=${limit}`),
            ),
          ],
          [SUGGESTED, pages.map((page) => `${page}/suggested?limit=4`)],
        );
      }
      for (const [route, paths] of routes) {
        // Cached mode measures the steady state a busy shop reaches: every URL answered once.
        if (mode === 'cached' || KEPT_ROUTES.has(route)) await prime(shop.base, paths);
        if (WARMUP > 0 && !FIRST_READ_ROUTES.has(route)) {
          await load(shop.base, paths, connections, WARMUP);
        }
        const eachOnce = route === SUGGESTED_FIRST_READS;
        const result = await load(shop.base, paths, connections, DURATION, eachOnce);
        const rssMb = memoryMb(shop.child.pid)?.rss ?? null;
        const hello = await baseline.next();
        const row: Row = {
          products,
          database,
          mode: route.startsWith('GET /search') ? mode : '-',
          route,
          connections,
          requestsPerSecond: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          problems: describeProblems(result),
          ratio: hello > 0 ? result.requests.average / hello : null,
          baseline: Math.round(hello),
          rssMb,
        };
        rows.push(row);
        printRow(row, paths.length);
      }
    } finally {
      // Let requests still in flight when autocannon stopped finish before shutting down.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await shop.stop();
    }
  }
}

/** A server-rendered page to ask for, and the name its HTML must hold. */
interface PageTarget {
  path: string;
  name: string;
  /** The page's ETag, read when it was checked before the run (primePages). */
  etag?: string;
}

/**
 * What a browser's navigation sends: the types it accepts, and the compressions it takes (every
 * browser asks for one; the shop keeps each page compressed, server/render/page-bytes.ts).
 */
const NAVIGATION_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};

/** Text as React and escapeHtml write it in HTML (either may have written the name). */
function htmlTextForms(text: string): string[] {
  const base = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [
    text,
    base.replace(/"/g, '&quot;').replace(/'/g, '&#x27;'),
    base.replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
  ];
}

/**
 * Why an answer under load is not the page asked for, or null when it is: a 200 compressed HTML
 * page whose ETag is the one of the page checked before the run (the ETag hashes the page, so the
 * same ETag is the same page, name included; a compressed body is not read here).
 */
function loadedPageProblem(
  target: PageTarget,
  status: number,
  headers: Record<string, string>,
): string | null {
  if (status !== 200) return `${status}`;
  const type = headers['content-type'] ?? '';
  if (!/^text\/html\b/i.test(type)) return `content-type ${type || 'none'}`;
  if (!headers['content-encoding']) return 'not compressed';
  if (!target.etag || headers.etag !== target.etag) {
    return `ETag ${headers.etag ?? 'none'}, not the checked page's ${target.etag ?? 'none'}`;
  }
  return null;
}

/** Why an answer is not the page asked for, or null when it is: a 200 HTML page with the name. */
function pageProblem(
  target: PageTarget,
  status: number,
  contentType: string,
  body: string,
): string | null {
  if (status !== 200) return `${status}`;
  if (!/^text\/html\b/i.test(contentType)) return `content-type ${contentType || 'none'}`;
  if (!htmlTextForms(target.name).some((form) => body.includes(form))) {
    return `no "${target.name}" in the HTML`;
  }
  return null;
}

interface PageLoad {
  result: autocannon.Result;
  /** 200 text/html answers holding the name. */
  good: number;
  /** 2xx answers that were not the page (wrong type, no name); non-2xx autocannon counts. */
  wrong: number;
  /** The first wrong answer of the run, to say what went wrong. */
  sample: string | null;
}

/**
 * Loads the pages with autocannon. Each request takes the next target of the list (a cursor
 * shared by every connection and kept across runs), so the run covers the whole list rather than
 * the first few URLs every connection would start from; the connection's context remembers the
 * target to check its answer.
 */
async function loadPages(
  base: string,
  targets: PageTarget[],
  cursor: { next: number },
  connections: number,
  duration: number,
): Promise<PageLoad> {
  let good = 0;
  let wrong = 0;
  let sample: string | null = null;
  const pick = (): PageTarget => {
    const target = targets[cursor.next % targets.length];
    cursor.next += 1;
    if (!target) throw new Error('no pages to load');
    return target;
  };
  const result = await autocannon({
    url: base,
    connections,
    duration,
    timeout: 30,
    requests: [
      {
        method: 'GET',
        headers: NAVIGATION_HEADERS,
        setupRequest: (request, context) => {
          const target = pick();
          (context as { target?: PageTarget }).target = target;
          return { ...request, path: target.path };
        },
        onResponse: (status, _body, context, headers) => {
          const target = (context as { target?: PageTarget }).target;
          if (!target) return;
          const lowerCased = Object.fromEntries(
            Object.entries(headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]),
          );
          const problem = loadedPageProblem(target, status, lowerCased);
          if (problem === null) good += 1;
          else {
            // Non-2xx answers are autocannon's own count already.
            if (status >= 200 && status < 300) wrong += 1;
            sample ??= `${target.path}: ${problem}`;
          }
        },
      },
    ],
  });
  return { result, good, wrong, sample };
}

/**
 * Renders every page once, a few at a time, checks it (decompressed: a 200 HTML page with the
 * name) and keeps its ETag in its target; returns the count of wrong answers and the first.
 */
async function primePages(base: string, targets: PageTarget[]) {
  const queue = [...targets];
  let wrong = 0;
  let sample: string | null = null;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const res = await fetch(`${base}${next.path}`, { headers: NAVIGATION_HEADERS });
        const body = await res.text();
        next.etag = res.headers.get('etag') ?? undefined;
        const problem = pageProblem(next, res.status, res.headers.get('content-type') ?? '', body);
        if (problem !== null) {
          wrong += 1;
          sample ??= `${next.path}: ${problem}`;
        }
      }
    }),
  );
  return { wrong, sample };
}

const PAGE_ROUTES = {
  product: 'GET /product/{slug} (page)',
  category: 'GET /category/{slug} (page)',
};

/** Scenario "pages": the server-rendered product and category pages, on the seeded catalog. */
async function benchPages(
  database: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  connections: number,
  products: number,
  rows: Row[],
  baseline: Baseline,
) {
  for (const mode of MODES) {
    const shop = await startShop({
      ...env,
      SEED_PRODUCTS: String(products),
      SEARCH_CACHE_SECONDS: '0',
      PAGE_CACHE_SECONDS: mode === 'cached' ? String(BENCH_PAGE_CACHE_SECONDS) : '0',
    });
    try {
      await benchPagesOfShop(shop, database, mode, connections, products, rows, baseline);
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await shop.stop();
    }
  }
}

/** How long the "cached" mode keeps a rendered page: the shop's default. */
const BENCH_PAGE_CACHE_SECONDS = 60;

async function benchPagesOfShop(
  shop: Awaited<ReturnType<typeof startShop>>,
  database: 'PGlite' | 'PostgreSQL',
  mode: Mode,
  connections: number,
  products: number,
  rows: Row[],
  baseline: Baseline,
) {
  const sample = await readCatalogSample(shop.base, 5);
  const categories = (
    await getJson<{ data: { slug: string; name: string }[] }>(
      `${shop.base}/api/v1/taxonomy/categories`,
    )
  ).data;
  const routes: [string, PageTarget[]][] = [
    [
      PAGE_ROUTES.product,
      [...sample.bySlug].map(([slug, name]) => ({
        path: `/product/${encodeURIComponent(slug)}`,
        name,
      })),
    ],
    [
      PAGE_ROUTES.category,
      categories.map(({ slug, name }) => ({
        path: `/category/${encodeURIComponent(slug)}`,
        name,
      })),
    ],
  ];
  for (const [route, targets] of routes) {
    const primed = await primePages(shop.base, targets);
    if (primed.wrong > 0) {
      console.log(`  ${route}: ${primed.wrong} wrong answers first time, e.g. ${primed.sample}`);
    }
    const cursor = { next: 0 };
    if (WARMUP > 0) await loadPages(shop.base, targets, cursor, connections, WARMUP);
    const cpuBefore = processCpuSeconds(shop.child.pid);
    const run = await loadPages(shop.base, targets, cursor, connections, DURATION);
    const cpuAfter = processCpuSeconds(shop.child.pid);
    const rssMb = memoryMb(shop.child.pid)?.rss ?? null;
    const hello = await baseline.next();
    const { result } = run;
    const problems = [
      describeProblems(result),
      run.wrong ? `${run.wrong} wrong answers` : '',
    ].filter((part) => part && part !== '0');
    const row: Row = {
      products,
      database,
      mode,
      route,
      connections,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      problems: problems.length ? problems.join(', ') : '0',
      ratio: hello > 0 ? result.requests.average / hello : null,
      baseline: Math.round(hello),
      rssMb,
    };
    rows.push(row);
    printRow(row, targets.length);
    const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    console.log(
      `    ${run.good} good pages (200 compressed text/html, the checked page's ETag); CPU per page: ` +
        (cpu === null || run.good === 0 ? '?' : `${((cpu * 1000) / run.good).toFixed(2)} ms`) +
        ` (shop ${cpu === null ? '?' : cpu.toFixed(1)} CPU s in ${DURATION} s` +
        `${cpu === null ? '' : `, ${percent(cpu / DURATION)} of a core`}; load average ` +
        `${os.loadavg()[0]?.toFixed(2)})`,
    );
    if (run.sample) console.log(`    first wrong answer: ${run.sample}`);
  }
}

/** Requests every URL once, a few at a time. */
async function prime(base: string, paths: string[]) {
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const res = await fetch(`${base}${next}`);
        if (!res.ok) throw new Error(`${next} answered ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
}

/** Every variant's stock in the checkout scenario's database: no placement is short of stock. */
const BENCH_STOCK = 1_000_000;
const BENCH_PASSWORD = 'bench-Passw0rd-2026';
const PLACE_ORDER_BODY = JSON.stringify({
  shippingAddress: {
    name: 'Bench Buyer',
    line1: '100 Queen St W',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5H 2N2',
    country: 'CA',
    phone: '416-555-0123',
  },
  shippingMethod: 'standard',
});
const REQUEST_TIMEOUT_MS = 30_000;

interface Buyer {
  index: number;
  cookie: string;
  /** The one line the buyer's cart holds before each placement. */
  line: string;
  /** Whether the cart holds that line now (it is emptied by each order placed). */
  filled: boolean;
}

/**
 * Migrates and seeds the database (when the search scenario has not already) and sets every
 * variant's stock to BENCH_STOCK, in this process while the shop is stopped (PGlite has one
 * owner at a time).
 */
async function prepareCheckoutDatabase(env: Record<string, string>) {
  await withCatalog(env, PRODUCTS, async (database) => {
    // The variants' trigger marks each product in stock again.
    await database.db.update(variants).set({ stock: BENCH_STOCK });
  });
}

/**
 * Opens the bench database in this process while the shop is stopped (PGlite has one owner at a
 * time), migrated and seeded with `count` products unless it holds a catalog already. Seeding
 * here rather than in the shop keeps the seeding's garbage out of the shop's memory figures.
 */
async function withCatalog(
  env: Record<string, string>,
  count: number,
  run: (database: DatabaseHandle) => Promise<void> = async () => undefined,
) {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR ?? '.data', 'pglite'),
    poolSize: 2,
  });
  try {
    await database.migrate();
    await seedCatalogIfEmpty(database.db, { products: count });
    await run(database);
  } finally {
    await database.close();
  }
}

/** The `forge_sid=…` pair of a response's Set-Cookie. */
function sessionCookie(res: Response): string {
  const pair = res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((p) => p.startsWith(`${SESSION_COOKIE}=`));
  if (!pair) throw new Error(`no ${SESSION_COOKIE} cookie in the answer`);
  return pair;
}

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) {
    throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
}

/**
 * One address per account in 198.18.0.0/15 (RFC 2544, reserved for benchmarks), sent as
 * X-Forwarded-For to a shop that trusts it from loopback: each buyer registers from its own
 * client address, as real shoppers do, so the per-address registration limit applies unchanged.
 */
const buyerAddress = (index: number) =>
  `198.${18 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;

/** Registers `count` accounts and gives each cart one line of a different product. */
async function registerBuyers(base: string, count: number, runId: string): Promise<Buyer[]> {
  const slugs = await readProductSlugs(base);
  if (slugs.length < count) throw new Error(`only ${slugs.length} products for ${count} buyers`);
  const buyers: Buyer[] = [];
  let next = 0;
  // A few at a time: registration hashes the password (argon2), which is meant to be slow.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let index = next++; index < count; index = next++) {
        const detail = await getJson<{
          data: { _id: string; variants: { _id: string }[] };
        }>(`${base}/api/v1/products/${encodeURIComponent(slugs[index] ?? '')}`);
        const variant = detail.data.variants[0];
        if (!variant) throw new Error(`${slugs[index]} has no variant`);
        const registered = await fetch(`${base}/api/v1/user/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': buyerAddress(index) },
          body: JSON.stringify({
            name: `Bench Buyer ${index + 1}`,
            email: `buyer-${index + 1}-${runId}@bench.example.com`,
            password: BENCH_PASSWORD,
          }),
        });
        await expectStatus(registered, 201, 'POST /user/auth/register');
        const buyer: Buyer = {
          index,
          cookie: sessionCookie(registered),
          line: JSON.stringify({ productId: detail.data._id, variantId: variant._id, quantity: 1 }),
          filled: false,
        };
        const added = await fetch(`${base}/api/v1/cart/items`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: buyer.cookie },
          body: buyer.line,
        });
        await expectStatus(added, 200, 'POST /cart/items');
        buyer.filled = true;
        buyers.push(buyer);
      }
    }),
  );
  return buyers.sort((a, b) => a.index - b.index);
}

/** What one route did during a load loop. */
class RouteStats {
  readonly latencies: number[] = [];
  ok = 0;
  readonly failures = new Map<string, number>();
  /** The first answer of each failing kind, to say what went wrong. */
  readonly samples = new Map<string, string>();

  /** Sends one request; true when it answered `expected`. Latency counts every answer. */
  async send(url: string, init: RequestInit, expected: number): Promise<boolean> {
    const started = performance.now();
    let kind: string;
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = await res.text();
      this.latencies.push(performance.now() - started);
      if (res.status === expected) {
        this.ok += 1;
        return true;
      }
      kind = String(res.status);
      if (!this.samples.has(kind)) this.samples.set(kind, body.slice(0, 200));
    } catch (err) {
      kind = err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'error';
      if (!this.samples.has(kind)) this.samples.set(kind, String(err));
    }
    this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
    return false;
  }

  percentile(p: number): number {
    if (this.latencies.length === 0) return 0;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
    return Math.round(sorted[Math.max(0, at)] ?? 0);
  }

  problems(): string {
    if (this.failures.size === 0) return '0';
    return [...this.failures]
      .map(([kind, n]) => (/^\d+$/.test(kind) ? `${n}× ${kind}` : `${n} ${kind}s`))
      .join(', ');
  }
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds a process has used so far (Linux /proc), or null where that cannot be read. */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The fields after the command name (which may hold spaces) start at field 3: utime is 14.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

interface LoopRun {
  elapsed: number;
  /** Share of one CPU core used by this process (the load generator). */
  cpu: number;
  /** Share of one CPU core used by the shop's process, or null where it cannot be read. */
  shopCpu: number | null;
}

/** Runs one worker per buyer until `seconds` have passed. */
async function runWorkers(
  shop: Shop,
  buyers: Buyer[],
  seconds: number,
  step: (buyer: Buyer) => Promise<void>,
): Promise<LoopRun> {
  const cpuBefore = process.cpuUsage();
  const shopBefore = processCpuSeconds(shop.child.pid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      while (performance.now() < deadline) await step(buyer);
    }),
  );
  // A worker may finish the request it started before the deadline: count that time too.
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const shopAfter = processCpuSeconds(shop.child.pid);
  return {
    elapsed,
    cpu: (cpu.user + cpu.system) / 1e6 / elapsed,
    shopCpu: shopBefore === null || shopAfter === null ? null : (shopAfter - shopBefore) / elapsed,
  };
}

/** GET /cart with each buyer's cookie, over and over. */
async function loadCartReads(shop: Shop, buyers: Buyer[], seconds: number) {
  const stats = new RouteStats();
  const run = await runWorkers(shop, buyers, seconds, async (buyer) => {
    if (
      !(await stats.send(
        `${shop.base}/api/v1/cart`,
        { headers: { cookie: buyer.cookie, 'x-forwarded-for': buyerAddress(buyer.index) } },
        200,
      ))
    ) {
      await sleep(50);
    }
  });
  return { stats, ...run };
}

/** How often the sweeper closes the buyers' unpaid orders (PostgreSQL only). */
const UNPAID_SWEEP_MS = 250;

/**
 * Bench buyers never pay, so each would pile up hundreds of unpaid orders in a run, where a
 * shopper holds at most a few (the shop's bound is 3 an account). Placing an order counts the
 * unpaid orders its account and its address hold, so that count, and the placement, would grow
 * slower all run long. On PostgreSQL a connection of the bench's own marks the unpaid orders
 * cancelled every UNPAID_SWEEP_MS, as if their shoppers had cancelled them; its statements run on
 * the same database, in the measured load. PGlite has one owner, the shop: there the orders pile
 * up as before. Answers a function that stops the sweeper.
 */
function sweepUnpaidOrders(databaseUrl: string | undefined): () => Promise<void> {
  if (!databaseUrl) return async () => undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect();
  let sweeping = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = sweeping
      .then(() => connected)
      .then(() =>
        client.query(
          `update orders set status = 'cancelled', closed_at = now(), updated_at = now()
           where status = 'pending_payment'`,
        ),
      )
      .then(
        () => undefined,
        (err: unknown) => console.log(`  the unpaid-order sweeper failed: ${String(err)}`),
      );
  }, UNPAID_SWEEP_MS);
  return async () => {
    clearInterval(timer);
    await sweeping;
    await client.end();
  };
}

/**
 * Each buyer places its cart as an order, then puts the line back in the emptied cart, over and
 * over. A cart is refilled only after it was emptied (a 201): a refused placement rolls back and
 * leaves the cart as it was.
 */
async function loadCheckouts(
  shop: Shop,
  buyers: Buyer[],
  seconds: number,
  runId: string,
  databaseUrl: string | undefined,
) {
  const { base } = shop;
  const stopSweeping = sweepUnpaidOrders(databaseUrl);
  const place = new RouteStats();
  const refill = new RouteStats();
  let attempt = 0;
  const run = await runWorkers(shop, buyers, seconds, async (buyer) => {
    // Each buyer shops from its own address, as it registered: the bound on unpaid orders per
    // address counts that buyer's orders, not every buyer's.
    const json = {
      'content-type': 'application/json',
      cookie: buyer.cookie,
      'x-forwarded-for': buyerAddress(buyer.index),
    };
    if (!buyer.filled) {
      const added = await refill.send(
        `${base}/api/v1/cart/items`,
        { method: 'POST', headers: json, body: buyer.line },
        200,
      );
      if (!added) {
        await sleep(50);
        return;
      }
      buyer.filled = true;
    }
    const placed = await place.send(
      `${base}/api/v1/orders`,
      {
        method: 'POST',
        headers: { ...json, [IDEMPOTENCY_HEADER]: `bench-${runId}-${buyer.index}-${attempt++}` },
        body: PLACE_ORDER_BODY,
      },
      201,
    );
    if (placed) buyer.filled = false;
    else await sleep(50);
  });
  await stopSweeping();
  return { place, refill, ...run };
}

function statsRow(
  database: string,
  route: string,
  connections: number,
  stats: RouteStats,
  elapsed: number,
): Row {
  return {
    products: PRODUCTS,
    database,
    mode: '-',
    route,
    connections,
    requestsPerSecond: Math.round(stats.ok / elapsed),
    p50: stats.percentile(50),
    p99: stats.percentile(99),
    problems: stats.problems(),
    ratio: null,
    baseline: null,
    rssMb: null,
  };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
/** The CPU shares of a run, and the shop's CPU time per unit of work (`per` of them a second). */
const cpuShares = (run: LoopRun, per: { perSecond: number; unit: string }) =>
  `CPU: shop ${run.shopCpu === null ? '?' : percent(run.shopCpu)}` +
  (run.shopCpu === null || per.perSecond <= 0
    ? ''
    : ` (${((run.shopCpu / per.perSecond) * 1000).toFixed(2)} ms per ${per.unit})`) +
  `, load generator ${percent(run.cpu)} of a core`;

interface CheckoutSummary {
  database: string;
  ordersPerSecond: number;
  cartReadsPerSecond: number;
  placeP99: number;
  /** SQL statements per answered request (the shop's COUNT_DB_STATEMENTS), null if unread. */
  statementsPerPlacement: number | null;
  statementsPerCartRead: number | null;
}

/** The checkout shop's metrics token: the bench reads the statements counted per route. */
const METRICS_TOKEN = `bench-metrics-${Date.now().toString(36)}-0123456789abcdef`;

/** Statements and answered requests per "METHOD route", as the shop's metrics count them. */
type StatementTally = Map<string, { statements: number; requests: number }>;

async function scrapeStatements(shop: Shop): Promise<StatementTally> {
  const res = await fetch(`${shop.base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const tally: StatementTally = new Map();
  if (!res.ok) return tally;
  for (const line of (await res.text()).split('\n')) {
    const match =
      /^forge_(db_statements|http_requests)_total\{method="([^"]+)",route="([^"]+)"[^}]*\} (\S+)$/.exec(
        line,
      );
    if (!match) continue;
    const [, series, method, route, value] = match;
    const key = `${method} ${route}`;
    const entry = tally.get(key) ?? { statements: 0, requests: 0 };
    if (series === 'db_statements') entry.statements += Number(value);
    else entry.requests += Number(value);
    tally.set(key, entry);
  }
  return tally;
}

/** Statements per request of each route between two scrapes. */
function statementsPerRequest(before: StatementTally, after: StatementTally) {
  const per = new Map<string, number>();
  for (const [key, now] of after) {
    const then = before.get(key) ?? { statements: 0, requests: 0 };
    const requests = now.requests - then.requests;
    if (requests > 0) per.set(key, (now.statements - then.statements) / requests);
  }
  return per;
}

const statementsNote = (per: number | null) =>
  `${per === null ? '?' : per.toFixed(1)} statements each`;

async function benchCheckout(
  database: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  connections: number,
  rows: Row[],
  summaries: CheckoutSummary[],
) {
  let started = Date.now();
  await prepareCheckoutDatabase(env);
  console.log(
    `${database}: checkout database ready (every variant's stock set to ${BENCH_STOCK}) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const shop = await startShop({
    ...env,
    SEED_PRODUCTS: String(PRODUCTS),
    TRUST_PROXY: 'loopback',
    METRICS_TOKEN,
    COUNT_DB_STATEMENTS: '1',
  });
  try {
    started = Date.now();
    const runId = Date.now().toString(36);
    const buyers = await registerBuyers(shop.base, connections, runId);
    console.log(
      `  ${buyers.length} buyers registered, each with a one-line cart, in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    if (WARMUP > 0) await loadCartReads(shop, buyers, WARMUP);
    let counted = await scrapeStatements(shop);
    const reads = await loadCartReads(shop, buyers, DURATION);
    const readStatements = statementsPerRequest(counted, await scrapeStatements(shop));
    const readRow = statsRow(database, 'GET /cart', connections, reads.stats, reads.elapsed);

    if (WARMUP > 0) await loadCheckouts(shop, buyers, WARMUP, `${runId}w`, env.DATABASE_URL);
    counted = await scrapeStatements(shop);
    const checkout = await loadCheckouts(shop, buyers, DURATION, runId, env.DATABASE_URL);
    const checkoutStatements = statementsPerRequest(counted, await scrapeStatements(shop));
    const perPlacement = checkoutStatements.get('POST /api/v1/orders') ?? null;
    const perCartRead = readStatements.get('GET /api/v1/cart') ?? null;
    const perRefill = checkoutStatements.get('POST /api/v1/cart/items') ?? null;
    const placeRow = statsRow(
      database,
      'POST /orders',
      connections,
      checkout.place,
      checkout.elapsed,
    );
    const refillRow = statsRow(
      database,
      'POST /cart/items',
      connections,
      checkout.refill,
      checkout.elapsed,
    );
    rows.push(readRow, placeRow, refillRow);
    summaries.push({
      database,
      ordersPerSecond: checkout.place.ok / checkout.elapsed,
      cartReadsPerSecond: reads.stats.ok / reads.elapsed,
      placeP99: placeRow.p99,
      statementsPerPlacement: perPlacement,
      statementsPerCartRead: perCartRead,
    });
    for (const [row, note] of [
      [
        readRow,
        `baseline, 200s/s; ${statementsNote(perCartRead)}; ` +
          cpuShares(reads, { perSecond: reads.stats.ok / reads.elapsed, unit: 'read' }),
      ],
      [
        placeRow,
        `orders/s = 201s/s; ${statementsNote(perPlacement)}; ` +
          cpuShares(checkout, {
            perSecond: checkout.place.ok / checkout.elapsed,
            unit: 'order and its refill',
          }),
      ],
      [refillRow, `refills between placements; ${statementsNote(perRefill)}`],
    ] as const) {
      console.log(
        `  checkout ${row.route.padEnd(22)} ${String(row.requestsPerSecond).padStart(6)} /s` +
          `     p50 ${row.p50} ms  p99 ${row.p99} ms  (${note}, problems: ${row.problems})`,
      );
    }
    for (const [label, stats] of [
      ['GET /cart', reads.stats],
      ['POST /orders', checkout.place],
      ['POST /cart/items', checkout.refill],
    ] as const) {
      for (const [kind, sample] of stats.samples) {
        console.log(`    ${label} ${kind}: ${sample}`);
      }
    }
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await shop.stop();
  }
}

/** The goals for a route on PostgreSQL, if it has any: p99 and share of hello-world. */
const GOALS: Record<string, { p99: number; ratio: number }> = {
  'GET /search/suggest, long tail': { p99: 25, ratio: 0.1 },
  'GET /search/products, long tail': { p99: 50, ratio: 0.1 },
  'GET /products/{slug}': { p99: 10, ratio: 0.3 },
  [PAGE_ROUTES.product]: { p99: 30, ratio: 0.05 },
  [PAGE_ROUTES.category]: { p99: 30, ratio: 0.05 },
};

/** The catalog size and connections the goals are set at; other rows show the growth. */
const GOAL_PRODUCTS = 20_000;
const GOAL_CONNECTIONS = 50;

function goalVerdict(row: Row): string {
  const goal = GOALS[row.route];
  const judged =
    row.database === 'PostgreSQL' &&
    row.products === GOAL_PRODUCTS &&
    row.connections === GOAL_CONNECTIONS &&
    row.mode !== 'cached';
  if (!goal || !judged || row.ratio === null) return '';
  const p99 = row.p99 <= goal.p99 ? 'met' : 'missed';
  const ratio = row.ratio >= goal.ratio ? 'met' : 'missed';
  return `p99 ≤ ${goal.p99} ${p99}; ≥ ${goal.ratio.toFixed(2)}× ${ratio}`;
}

function printTable(rows: Row[]) {
  const header = [
    'products',
    'database',
    'mode',
    'route',
    'conns',
    'req/s',
    '× hello',
    'hello req/s',
    'p50 ms',
    'p99 ms',
    'RSS MB',
    'errors/non-2xx',
    'goal',
  ];
  const cells = rows.map((r) => [
    String(r.products),
    r.database,
    r.mode,
    r.route,
    String(r.connections),
    String(r.requestsPerSecond),
    r.ratio === null ? '-' : r.ratio.toFixed(3),
    r.baseline === null ? '-' : String(r.baseline),
    String(r.p50),
    String(r.p99),
    r.rssMb === null ? '-' : String(r.rssMb),
    r.problems,
    goalVerdict(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}`);
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

/** A fresh, empty database for one run: a PGlite directory, or a new PostgreSQL database. */
async function withDatabase(
  database: 'PGlite' | 'PostgreSQL',
  run: (env: Record<string, string>) => Promise<void>,
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-bench-'));
  if (database === 'PGlite') {
    try {
      await run({ DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  const name = `forge_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    await run({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs the chosen scenarios on one database: search once per catalog size, each on a fresh
 * database; pages and checkout on the --products catalog (sharing the search run's database when
 * that size is swept).
 */
async function benchScenarios(
  database: 'PGlite' | 'PostgreSQL',
  connections: number,
  rows: Row[],
  summaries: CheckoutSummary[],
) {
  const checkout = SCENARIOS.includes('checkout');
  const search = SCENARIOS.includes('search');
  const pages = SCENARIOS.includes('pages');
  let checkoutDone = false;
  if (search || pages) {
    // Pages are measured on the --products catalog only; without search, only that one is seeded.
    for (const size of search ? SIZES : [PRODUCTS]) {
      const scenarios = { search, pages: pages && size === PRODUCTS };
      if (!scenarios.search && !scenarios.pages) continue;
      await withDatabase(database, async (env) => {
        await benchSearch(database, env, connections, size, rows, scenarios);
        if (checkout && size === PRODUCTS) {
          await benchCheckout(database, env, connections, rows, summaries);
          checkoutDone = true;
        }
      });
    }
  }
  if (checkout && !checkoutDone) {
    await withDatabase(database, (env) =>
      benchCheckout(database, env, connections, rows, summaries),
    );
  }
}

async function main() {
  if (MODES.length === 0) throw new Error('--modes must name cached and/or uncached');
  const unknown = SCENARIOS.filter((name) => !SCENARIOS_ALL.includes(name as Scenario));
  if (SCENARIOS.length === 0 || unknown.length > 0) {
    throw new Error(`--scenarios must name ${SCENARIOS_ALL.join(' and/or ')}`);
  }
  if (
    SCENARIOS.includes('pages') &&
    !['dist-server/entry-server.js', 'dist/index.html'].every((file) =>
      existsSync(path.join(root, file)),
    )
  ) {
    throw new Error(
      'the pages scenario measures the server-rendered pages, which need the builds: ' +
        'run `npm run build` first (dist-server/entry-server.js or dist/index.html is missing)',
    );
  }
  if (SIZES.some((size) => !Number.isInteger(size) || size < 100)) {
    throw new Error('--sizes must list catalog sizes of at least 100 products, comma-joined');
  }
  if (!QUERY_SETS.every((set) => set === 'long-tail' || set === 'head')) {
    throw new Error('--query-sets must name long-tail and/or head');
  }
  console.log(
    `Forge Nutrition bench: catalog sizes ${SIZES.join(', ')}, scenarios ` +
      `${SCENARIOS.join(', ')}, query sets ${QUERY_SETS.join(', ')} (seed ${SEED}), ` +
      `${DURATION} s per route after ${WARMUP} s warm-up, ${os.cpus().length} CPUs, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const rows: Row[] = [];
  const summaries: CheckoutSummary[] = [];
  if (!args.only || args.only === 'pglite') {
    await benchScenarios('PGlite', PGLITE_CONNECTIONS, rows, summaries);
  }
  if (!args.only || args.only === 'postgres') {
    await benchScenarios('PostgreSQL', PG_CONNECTIONS, rows, summaries);
  }

  printTable(rows);
  for (const s of summaries) {
    const ratio = s.cartReadsPerSecond > 0 ? s.ordersPerSecond / s.cartReadsPerSecond : 0;
    console.log(
      `\nCheckout on ${s.database}: ${s.ordersPerSecond.toFixed(1)} orders/s against ` +
        `${s.cartReadsPerSecond.toFixed(1)} GET /cart/s, ratio ${ratio.toFixed(3)} ` +
        `(one placement costs about ${ratio > 0 ? (1 / ratio).toFixed(1) : '-'} cart reads), ` +
        `placement p99 ${s.placeP99} ms; statements per placement ` +
        `${s.statementsPerPlacement?.toFixed(1) ?? '?'}, per GET /cart ` +
        `${s.statementsPerCartRead?.toFixed(1) ?? '?'}.`,
    );
  }
  if (SCENARIOS.includes('search')) {
    console.log(
      `\nGoals (PostgreSQL, ${GOAL_CONNECTIONS} connections, ${GOAL_PRODUCTS} products, answer ` +
        'cache off; the goal column judges those rows only): suggest p99 ≤ 25 ms ' +
        'and product search p99 ≤ 50 ms, both ≥ 0.10 × hello-world; product page p99 ≤ 10 ms ' +
        'and ≥ 0.30 × hello-world.',
    );
  }
  if (SCENARIOS.includes('checkout')) {
    console.log(
      `\nGoal for the checkout (PostgreSQL, ${PG_CONNECTIONS} buyers): orders/s ≥ 0.25 × ` +
        'GET /cart/s in the same run, and placement p99 ≤ 250 ms.',
    );
  }
  if (SCENARIOS.includes('pages')) {
    console.log(
      `\nGoal for the server-rendered pages (PostgreSQL, ${GOAL_CONNECTIONS} connections, ` +
        `${GOAL_PRODUCTS} products): product and category pages p99 ≤ 30 ms and ` +
        '≥ 0.05 × hello-world.',
    );
  }
}

await main();
