import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { SERVER_TIMEOUTS, type ServerTimeouts } from '../../server/lib/timeouts.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

/** The production limits, shortened so that a test does not wait tens of seconds. */
const SHORT: ServerTimeouts = {
  headersMs: 600,
  requestMs: 1_200,
  keepAliveMs: 800,
  idleSocketMs: 3_000,
  checkIntervalMs: 100,
};
/** A slow client sends one more byte this often: never idle, never done. */
const TRICKLE_MS = 100;
/** How long a client may hang on before the test calls it "not cut off". */
const GIVE_UP_MS = 15_000;

let app: FastifyInstance;
let database: DatabaseHandle;
let drop: () => Promise<void>;
let port: number;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-timeouts-'));

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  app = await buildApp({ config, database, logger: false, timeouts: SHORT });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  /** Whatever the server wrote before the connection ended. */
  received: string;
  /** From the first byte sent to the connection's end. */
  elapsedMs: number;
}

/**
 * Opens a raw connection, sends `head` at once and then `drip` one byte every TRICKLE_MS, and
 * resolves when the server ends the connection (or rejects after GIVE_UP_MS). An empty `drip`
 * sends nothing more: an idle client.
 */
function slowClient(head: string, drip: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = performance.now();
    let received = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (drip && socket.writable) socket.write(drip[sent++ % drip.length]!);
    }, TRICKLE_MS);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server still held the connection after ${GIVE_UP_MS} ms`));
    }, GIVE_UP_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    // A write racing the server's close may fail; the close below is what the test waits for.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, elapsedMs: performance.now() - started });
    });
    socket.write(head);
  });
}

test('the real server carries the named limits', async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const real = await buildApp({ config, database, logger: false });
  try {
    expect(real.server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
    expect(real.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(real.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
    expect(real.server.timeout).toBe(SERVER_TIMEOUTS.idleSocketMs);
  } finally {
    await real.close();
  }
});

test('a client that sends its headers a byte at a time is cut off with 408', async () => {
  const { received, elapsedMs } = await slowClient(
    'GET /healthz HTTP/1.1\r\nHost: shop.test\r\n',
    'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n',
  );
  console.info(
    `slow headers: cut off after ${Math.round(elapsedMs)} ms (limit ${SHORT.headersMs} ms)`,
  );
  expect(received).toMatch(/^HTTP\/1\.1 408 /);
});

test('a client that sends its body a byte at a time is cut off with 408', async () => {
  const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) });
  const { received, elapsedMs } = await slowClient(
    [
      'POST /api/v1/user/auth/login HTTP/1.1',
      'Host: shop.test',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      '',
      '',
    ].join('\r\n'),
    body,
  );
  console.info(
    `slow body: cut off after ${Math.round(elapsedMs)} ms (limit ${SHORT.requestMs} ms)`,
  );
  expect(received).toMatch(/^HTTP\/1\.1 408 /);
});

test('an idle keep-alive connection is closed after its answer', async () => {
  const { received, elapsedMs } = await slowClient(
    'GET /healthz HTTP/1.1\r\nHost: shop.test\r\n\r\n',
    '',
  );
  console.info(
    `idle keep-alive: closed after ${Math.round(elapsedMs)} ms (limit ${SHORT.keepAliveMs} ms)`,
  );
  expect(received).toMatch(/^HTTP\/1\.1 200 /);
});
