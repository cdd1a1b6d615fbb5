/**
 * Crash test of the embedded database: starts the real server (`node --import tsx
 * server/server.ts`) on one data directory, drives concurrent cart writes at it, kills it with
 * SIGKILL at a random moment, restarts it and checks that it starts and that every write it
 * acknowledged is still there; over and over.
 *
 *   npx tsx scripts/crash-test.ts --kills 20 [--writers 8] [--window 3000] [--keep]
 *
 * Each shopper (a guest cart) is written by one writer at a time, so at most one of its writes is
 * unanswered when the server dies: after the restart its line must hold the last acknowledged
 * quantity, or the unanswered one (the server may have committed it before dying).
 * The first kill lands in the very first start, the moment the new database's files show up in
 * its folder (a half-written new database was a folder no later start could open); later ones
 * land at random moments, some while the server is still starting (opening, migrating, seeding).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, watch } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CART_LINE_MAX_QUANTITY } from '../contract/cart-rules.ts';
import { GUEST_CART_HEADER } from '../contract/http.ts';
import { freePort } from '../tests/e2e/shop.ts';

const root = path.resolve(import.meta.dirname, '..');

/** How long a (re)start may take before it counts as failed: PGlite's first start runs initdb. */
export const START_DEADLINE_MS = 120_000;
/** Pause between two /readyz probes while the server starts. */
const READY_POLL_MS = 100;
/** Kills land at a random moment within this long after the writers start. */
export const DEFAULT_KILL_WINDOW_MS = 3_000;
/** Concurrent writers, each with its own guest carts. */
export const DEFAULT_WRITERS = 8;
/** Share of kills that land while the server is still starting rather than under write load. */
export const DEFAULT_BOOT_KILL_SHARE = 0.2;
/** Chance that a writer opens a new guest cart instead of changing one of its own. */
const NEW_CART_CHANCE = 0.2;
/** A small catalog keeps the first start (seeding) short. */
const SEED_PRODUCTS = 12;
const API = '/api/v1';

export interface CrashTestOptions {
  kills: number;
  writers?: number;
  killWindowMs?: number;
  bootKillShare?: number;
  /** Keep the data directory afterwards (its path is printed). */
  keep?: boolean;
  log?: (line: string) => void;
}

export interface CrashTestResult {
  kills: number;
  /** Kills while the server was starting, the first start's included. */
  bootKills: number;
  /** Starts after a kill that became ready (one killed while starting is not counted). */
  restarts: number;
  /** Starts that did not become ready (each stops the run). */
  failedStarts: number;
  acknowledgedWrites: number;
  unansweredWrites: number;
  /** Carts whose line was read back after a restart, summed over the checks. */
  cartsChecked: number;
  /** Acknowledged writes missing after a restart. */
  lost: number;
  problems: string[];
  seconds: number;
  startSeconds: number[];
  dataDir: string;
}

interface TrackedCart {
  guestCartId: string;
  itemId: string;
  variantId: string;
  acked: number;
  /** A quantity sent whose answer never came (the server died first). */
  unanswered?: number;
  writer: number;
}

interface Target {
  productId: string;
  variantId: string;
}

interface Server {
  child: ChildProcess;
  baseURL: string;
  output(): string;
  exited: Promise<number | null>;
}

function spawnServer(dataDir: string, port: number): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED_PRODUCTS: String(SEED_PRODUCTS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, baseURL: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Resolves true once /readyz answers, false if the process exits or the deadline passes. */
async function waitReady(server: Server): Promise<boolean> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return false;
    try {
      const response = await fetch(`${server.baseURL}/readyz`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  return false;
}

/**
 * Kills the server the moment its database folder holds PostgreSQL's version file (written when
 * the new database is copied or renamed in), or once it is ready if that never shows.
 */
async function killAtFirstFiles(server: Server, dataDir: string): Promise<void> {
  const folder = path.join(dataDir, 'pglite');
  const marker = path.join(folder, 'PG_VERSION');
  mkdirSync(folder, { recursive: true });
  const watchers: ReturnType<typeof watch>[] = [];
  await new Promise<void>((resolve) => {
    const check = () => {
      if (existsSync(marker)) resolve();
    };
    watchers.push(watch(dataDir, check), watch(folder, check));
    void waitReady(server).then(() => resolve());
  });
  for (const watcher of watchers) watcher.close();
  await kill(server);
}

async function kill(server: Server): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
  }
  await server.exited;
}

async function api<T>(
  baseURL: string,
  method: string,
  url: string,
  body?: unknown,
  guestCartId?: string,
): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (guestCartId) headers[GUEST_CART_HEADER] = guestCartId;
  const response = await fetch(`${baseURL}${API}${url}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status, data: json.data };
}

interface CartAnswer {
  guestCartId?: string;
  items: { itemId: string; variantId: string; quantity: number }[];
}

/** Variants that can take the largest line quantity. */
async function findTargets(baseURL: string): Promise<Target[]> {
  const list = await api<{ _id: string }[]>(baseURL, 'GET', '/products?limit=48');
  const targets: Target[] = [];
  for (const product of list.data) {
    const detail = await api<{ _id: string; variants: { _id: string; stock: number }[] }>(
      baseURL,
      'GET',
      `/products/${product._id}`,
    );
    for (const variant of detail.data.variants) {
      if (variant.stock >= CART_LINE_MAX_QUANTITY) {
        targets.push({ productId: detail.data._id, variantId: variant._id });
      }
    }
  }
  if (targets.length === 0) throw new Error('No variant with enough stock in the seed catalog');
  return targets;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A quantity different from the current one, so every write changes the line. */
function nextQuantity(current: number): number {
  return (current % CART_LINE_MAX_QUANTITY) + 1;
}

export async function runCrashTest(options: CrashTestOptions): Promise<CrashTestResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const writers = options.writers ?? DEFAULT_WRITERS;
  const killWindowMs = options.killWindowMs ?? DEFAULT_KILL_WINDOW_MS;
  const bootKillShare = options.bootKillShare ?? DEFAULT_BOOT_KILL_SHARE;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-crash-'));
  const started = Date.now();
  const result: CrashTestResult = {
    kills: 0,
    bootKills: 0,
    restarts: 0,
    failedStarts: 0,
    acknowledgedWrites: 0,
    unansweredWrites: 0,
    cartsChecked: 0,
    lost: 0,
    problems: [],
    seconds: 0,
    startSeconds: [],
    dataDir,
  };
  const carts: TrackedCart[] = [];
  let targets: Target[] | undefined;

  /** Reads back every cart and compares it with what the server acknowledged. */
  async function check(baseURL: string) {
    for (const cart of carts) {
      const { status, data } = await api<CartAnswer>(
        baseURL,
        'GET',
        '/cart',
        undefined,
        cart.guestCartId,
      );
      result.cartsChecked += 1;
      const line = data.items.find((item) => item.itemId === cart.itemId);
      const allowed = [cart.acked, ...(cart.unanswered === undefined ? [] : [cart.unanswered])];
      if (status !== 200 || !line || !allowed.includes(line.quantity)) {
        result.lost += 1;
        result.problems.push(
          `cart ${cart.guestCartId.slice(0, 8)}…: expected quantity ${allowed.join(' or ')}, ` +
            `found ${line ? line.quantity : 'no line'} (status ${status})`,
        );
        continue;
      }
      cart.acked = line.quantity;
      delete cart.unanswered;
    }
  }

  async function writer(index: number, baseURL: string, stop: { now: boolean }) {
    const mine = () => carts.filter((cart) => cart.writer === index);
    while (!stop.now) {
      const own = mine();
      try {
        if (own.length === 0 || Math.random() < NEW_CART_CHANCE) {
          const target = pick(targets!);
          const { status, data } = await api<CartAnswer>(baseURL, 'POST', '/cart/items', {
            ...target,
            quantity: 1,
          });
          if (status !== 200 || !data.guestCartId) {
            result.problems.push(`adding a line answered ${status}`);
            continue;
          }
          result.acknowledgedWrites += 1;
          const line = data.items.find((item) => item.variantId === target.variantId)!;
          carts.push({
            guestCartId: data.guestCartId,
            itemId: line.itemId,
            variantId: target.variantId,
            acked: line.quantity,
            writer: index,
          });
        } else {
          const cart = pick(own);
          const quantity = nextQuantity(cart.acked);
          cart.unanswered = quantity;
          const { status } = await api<CartAnswer>(
            baseURL,
            'PATCH',
            `/cart/items/${cart.itemId}`,
            { quantity },
            cart.guestCartId,
          );
          if (status !== 200) {
            result.problems.push(`changing a line answered ${status}`);
            continue;
          }
          result.acknowledgedWrites += 1;
          cart.acked = quantity;
          delete cart.unanswered;
        }
      } catch {
        // The server died under this request: whatever it was is unanswered.
        result.unansweredWrites += 1;
        return;
      }
    }
  }

  try {
    while (result.kills < options.kills) {
      const port = await freePort();
      const server = spawnServer(dataDir, port);
      const startedAt = Date.now();
      if (result.kills === 0) {
        await killAtFirstFiles(server, dataDir);
        result.kills += 1;
        result.bootKills += 1;
        log(`kill 1: first start, as the database files appeared, ${Date.now() - startedAt} ms`);
        continue;
      }
      if (Math.random() < bootKillShare) {
        // Kill somewhere in the start, which takes a few seconds (tsx, PGlite, migrations).
        const delay = Math.random() * killWindowMs;
        await Promise.race([
          new Promise((resolve) => setTimeout(resolve, delay)),
          waitReady(server),
        ]);
        await kill(server);
        result.kills += 1;
        result.bootKills += 1;
        log(`kill ${result.kills}: during start, after ${Math.round(delay)} ms`);
        continue;
      }
      const ready = await waitReady(server);
      if (result.kills > 0) result.restarts += 1;
      if (!ready) {
        result.failedStarts += 1;
        result.problems.push(`start ${result.restarts} failed:\n${server.output().slice(-2000)}`);
        log(`start after kill ${result.kills} FAILED:\n${server.output().slice(-2000)}`);
        await kill(server);
        break;
      }
      result.startSeconds.push((Date.now() - startedAt) / 1000);
      await check(server.baseURL);
      targets ??= await findTargets(server.baseURL);
      const stop = { now: false };
      const ackedBefore = result.acknowledgedWrites;
      const running = Array.from({ length: writers }, (_, index) =>
        writer(index, server.baseURL, stop),
      );
      const delay = Math.random() * killWindowMs;
      await new Promise((resolve) => setTimeout(resolve, delay));
      await kill(server);
      stop.now = true;
      await Promise.all(running);
      result.kills += 1;
      log(
        `kill ${result.kills}: under load after ${Math.round(delay)} ms, ` +
          `${result.acknowledgedWrites - ackedBefore} writes acknowledged, ${carts.length} carts`,
      );
    }
    if (result.failedStarts === 0) {
      // The last restart: everything acknowledged must be there.
      const server = spawnServer(dataDir, await freePort());
      const startedAt = Date.now();
      const ready = await waitReady(server);
      result.restarts += 1;
      if (ready) {
        result.startSeconds.push((Date.now() - startedAt) / 1000);
        await check(server.baseURL);
        server.child.kill('SIGTERM');
        await server.exited;
      } else {
        result.failedStarts += 1;
        result.problems.push(`final start failed:\n${server.output().slice(-2000)}`);
        await kill(server);
      }
    }
  } finally {
    result.seconds = (Date.now() - started) / 1000;
    if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

export function summary(result: CrashTestResult): string {
  const starts = result.startSeconds;
  const slowest = starts.length ? Math.max(...starts).toFixed(1) : '–';
  const mean = starts.length
    ? (starts.reduce((sum, value) => sum + value, 0) / starts.length).toFixed(1)
    : '–';
  return [
    `kills: ${result.kills} (${result.bootKills} during start)`,
    `restarts: ${result.restarts}, failed: ${result.failedStarts}`,
    `start time: mean ${mean} s, slowest ${slowest} s`,
    `acknowledged writes: ${result.acknowledgedWrites}, unanswered at a kill: ${result.unansweredWrites}`,
    `cart read-backs: ${result.cartsChecked}, lost: ${result.lost}`,
    `time: ${result.seconds.toFixed(1)} s`,
  ].join('\n');
}

const isEntry =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isEntry) {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: '20' },
      writers: { type: 'string', default: String(DEFAULT_WRITERS) },
      window: { type: 'string', default: String(DEFAULT_KILL_WINDOW_MS) },
      'boot-kills': { type: 'string', default: String(DEFAULT_BOOT_KILL_SHARE) },
      keep: { type: 'boolean', default: false },
    },
  });
  const result = await runCrashTest({
    kills: Number(values.kills),
    writers: Number(values.writers),
    killWindowMs: Number(values.window),
    bootKillShare: Number(values['boot-kills']),
    keep: values.keep,
  });
  console.log(`\n${summary(result)}`);
  if (values.keep) console.log(`data directory: ${result.dataDir}`);
  for (const problem of result.problems.slice(0, 10)) console.log(`problem: ${problem}`);
  process.exit(result.failedStarts === 0 && result.lost === 0 ? 0 : 1);
}
