/**
 * Each request leaves one log line, once answered: method, the URL as logged, status and time in
 * the message, and the same as fields. At a terminal (prettyLogs) that line is one line of text.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { prettyLogs } from '../../server/lib/logging.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let app: FastifyInstance;
let database: DatabaseHandle;
let drop: () => Promise<void>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-request-log-'));
const lines: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', DATA_DIR: dataDir });
  app = await buildApp({ config, database, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Line {
  reqId?: string;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

async function linesOf(url: string, requestId: string): Promise<Line[]> {
  await app.inject({ url, headers: { 'x-request-id': requestId } });
  return lines.map((line) => JSON.parse(line) as Line).filter((line) => line.reqId === requestId);
}

test('one line per request, after the answer, with method, URL, status and time', async () => {
  const [line, ...more] = await linesOf('/api/v1/products?limit=1', 'request-log-products');
  expect(more).toEqual([]);
  expect(line!.msg).toMatch(/^GET \/api\/v1\/products\?limit=1 200 \d+(\.\d)? ms$/);
  expect(line!.req).toMatchObject({ method: 'GET', url: '/api/v1/products?limit=1' });
  expect(line!.res).toEqual({ statusCode: 200 });
  expect(line!.responseTime).toBeGreaterThanOrEqual(0);

  const [missing, ...again] = await linesOf('/api/v1/no-such-thing', 'request-log-missing');
  expect(again).toEqual([]);
  expect(missing!.msg).toMatch(/^GET \/api\/v1\/no-such-thing 404 /);
});

test('the line withholds a secret in the address, in the message too', async () => {
  const [line] = await linesOf('/reset-password/a-secret-reset-token', 'request-log-secret');
  // 200 with the built pages, 404 without (the API tests run before the build): either way.
  expect(line!.msg).toMatch(/^GET \/reset-password\/\[redacted\] (200|404) /);
  expect(JSON.stringify(line)).not.toContain('a-secret-reset-token');
});

test('at a terminal: one line of text per request, without the fields', async () => {
  const [line] = await linesOf('/api/v1/products?limit=1', 'request-log-pretty');
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const pretty = prettyLogs(out);
  pretty.write(`${JSON.stringify(line)}\n`);
  await new Promise((resolve) => setImmediate(resolve));
  expect(text).toMatch(
    /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/v1\/products\?limit=1 200 \S+ ms\n$/,
  );
});
