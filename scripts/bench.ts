/**
 * `npm run bench`: load-tests search and product pages on a large generated catalog, on the
 * embedded database (PGlite) and on PostgreSQL, and prints requests/s and latency per route.
 * A script that prints figures, never a test: the numbers depend on the machine and its load.
 *
 *   npm run bench -- [--products 20000] [--duration 10] [--warmup 3] [--connections 50]
 *                    [--pglite-connections 10] [--only pglite|postgres] [--modes cached,uncached]
 *
 * Each database gets a fresh catalog: PGlite in a temporary data directory, PostgreSQL in a new
 * database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) that is
 * dropped afterwards. The shop runs as a child process (`server/server.ts`, which seeds the
 * empty catalog at start) so the load generator never shares its event loop.
 * Modes: "cached" is the shipped configuration (search answers reused for SEARCH_CACHE_SECONDS);
 * "uncached" sets SEARCH_CACHE_SECONDS=0 so every search request runs its queries.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

type Mode = 'cached' | 'uncached';
const MODES_ALL: Mode[] = ['cached', 'uncached'];

const root = path.resolve(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'pglite-connections': { type: 'string', default: '10' },
    only: { type: 'string' },
    modes: { type: 'string', default: 'cached,uncached' },
  },
});

const PRODUCTS = Number(args.products);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const PG_CONNECTIONS = Number(args.connections);
const PGLITE_CONNECTIONS = Number(args['pglite-connections']);
const MODES = (args.modes ?? '').split(',').filter((m): m is Mode => MODES_ALL.includes(m as Mode));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  database: string;
  mode: string;
  route: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  problems: string;
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

interface Taxonomy {
  categories: string[];
  brands: string[];
  flavors: string[];
}

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
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
  const slugs = async (name: string) =>
    (await getJson<{ data: { slug: string }[] }>(`${base}/api/v1/taxonomy/${name}`)).data.map(
      (item) => item.slug,
    );
  return {
    categories: await slugs('categories'),
    brands: await slugs('brands'),
    flavors: await slugs('flavors'),
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

async function load(
  base: string,
  paths: string[],
  connections: number,
  duration: number,
): Promise<autocannon.Result> {
  return autocannon({
    url: base,
    connections,
    duration,
    timeout: 30,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
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

async function benchDatabase(
  database: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  connections: number,
  rows: Row[],
) {
  for (const [index, mode] of MODES.entries()) {
    const started = Date.now();
    const shop = await startShop({
      ...env,
      SEED_PRODUCTS: String(PRODUCTS),
      SEARCH_CACHE_SECONDS: mode === 'cached' ? '30' : '0',
    });
    try {
      if (index === 0) {
        console.log(
          `${database}: migrated, seeded ${PRODUCTS} products and ready in ` +
            `${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      const taxonomy = await readTaxonomy(shop.base);
      const slugs = await readProductSlugs(shop.base);
      const routes: [string, string[]][] = [
        [
          'GET /search/suggest',
          SUGGEST_TERMS.map((q) => `/api/v1/search/suggest?q=${encodeURIComponent(q)}`),
        ],
        ['GET /search/products', searchPaths(taxonomy)],
      ];
      // Product pages do not go through the search cache: measure them once per database.
      if (index === 0) {
        routes.push([
          'GET /products/{slug}',
          slugs.map((slug) => `/api/v1/products/${encodeURIComponent(slug)}`),
        ]);
      }
      for (const [route, paths] of routes) {
        // Cached mode measures the steady state a busy shop reaches: every URL answered once.
        if (mode === 'cached') await prime(shop.base, paths);
        if (WARMUP > 0) await load(shop.base, paths, connections, WARMUP);
        const result = await load(shop.base, paths, connections, DURATION);
        const row: Row = {
          database,
          mode: route.startsWith('GET /search') ? mode : '-',
          route,
          connections,
          requestsPerSecond: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          problems: describeProblems(result),
        };
        rows.push(row);
        console.log(
          `  ${row.mode.padEnd(8)} ${route.padEnd(22)} ${String(row.requestsPerSecond).padStart(6)} req/s` +
            `  p50 ${row.p50} ms  p99 ${row.p99} ms  (${paths.length} distinct URLs, problems: ${row.problems})`,
        );
      }
    } finally {
      // Let requests still in flight when autocannon stopped finish before shutting down.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await shop.stop();
    }
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

function printTable(rows: Row[]) {
  const header = [
    'database',
    'mode',
    'route',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors/non-2xx',
  ];
  const cells = rows.map((r) => [
    r.database,
    r.mode,
    r.route,
    String(r.connections),
    String(r.requestsPerSecond),
    String(r.p50),
    String(r.p99),
    r.problems,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}`);
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

async function main() {
  if (MODES.length === 0) throw new Error('--modes must name cached and/or uncached');
  console.log(
    `Forge Nutrition bench: ${PRODUCTS} products, ${DURATION} s per route after ${WARMUP} s ` +
      `warm-up, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const rows: Row[] = [];

  if (!args.only || args.only === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-bench-'));
    try {
      await benchDatabase('PGlite', { DATA_DIR: dataDir }, PGLITE_CONNECTIONS, rows);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (!args.only || args.only === 'postgres') {
    const name = `forge_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-bench-'));
    try {
      await benchDatabase(
        'PostgreSQL',
        { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
        PG_CONNECTIONS,
        rows,
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  printTable(rows);
  console.log(
    `\nTargets (PostgreSQL, ${PG_CONNECTIONS} connections): suggest p99 ≤ 20 ms, product search p99 ≤ 50 ms.`,
  );
}

await main();
