import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const distDir = mkdtempSync(path.join(os.tmpdir(), 'forge-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html><title>shell</title><style>${'.a{color:red}'.repeat(200)}</style>`,
  );
  writeFileSync(
    path.join(distDir, 'sw.js'),
    `self.skipWaiting(); const PRECACHE = [${'"/assets/c.js",'.repeat(200)}];`,
  );
  writeFileSync(
    path.join(distDir, 'assets', 'start-def456.js'),
    `export const names = [${'"whey","creatine",'.repeat(300)}];`,
  );
  // As the build leaves them: the text files with their brotli and gzip forms beside them.
  precompressDirectory(distDir);
  // A file the build did not compress (written after it): compressed per answer.
  writeFileSync(
    path.join(distDir, 'assets', 'app-abc123.js'),
    `console.log(${'"x",'.repeat(2000)})`,
  );
  t = await createTestApp({ distDir });
});

afterAll(() => t.close());

describe('health', () => {
  test('healthz answers while the process runs', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  test('readyz reports the database it reached', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', database: t.database.driver });
  });
});

describe('static PWA', () => {
  test('hashed assets are immutable for a year and compressed', async () => {
    const res = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
  });

  test('gzip is used when brotli is not accepted', async () => {
    const res = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  test('a file the build compressed goes out as its brotli or gzip form, as it is', async () => {
    const file = path.join(distDir, 'assets', 'start-def456.js');
    const cases = [
      { accepted: 'gzip, deflate, br', coding: 'br', body: readFileSync(`${file}.br`) },
      { accepted: 'gzip', coding: 'gzip', body: readFileSync(`${file}.gz`) },
      { accepted: 'identity', coding: undefined, body: readFileSync(file) },
    ];
    for (const { accepted, coding, body } of cases) {
      const res = await t.app.inject({
        url: '/assets/start-def456.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(res.statusCode, accepted).toBe(200);
      expect(res.headers['content-encoding'], accepted).toBe(coding);
      expect(res.headers['content-type'], accepted).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control'], accepted).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accepted).toMatch(/accept-encoding/i);
      expect(Buffer.compare(res.rawPayload, body), accepted).toBe(0);
    }
  });

  test('the worker’s compressed form is still never cached', async () => {
    const sw = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/javascript/);
  });

  test('the service worker and index.html are never cached', async () => {
    const sw = await t.app.inject('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const index = await t.app.inject('/index.html');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  test('app routes fall back to index.html', async () => {
    const res = await t.app.inject({
      url: '/product/some-slug?x=1',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>shell</title>');
  });

  test('the fallback shell goes out as its brotli form, still HTML and never cached', async () => {
    const res = await t.app.inject({
      url: '/product/some-slug',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>shell</title>');
  });

  test('unknown API paths get a JSON 404, never the shell', async () => {
    const res = await t.app.inject({
      url: '/api/v1/no-such-thing',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'not_found',
      message: 'No API endpoint GET /api/v1/no-such-thing.',
    });
  });
});

describe('errors and tracing', () => {
  test('every answer carries a request id, and a sane incoming one is kept', async () => {
    const res = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    const other = await t.app.inject('/healthz');
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI', () => {
  test('the document is generated at /api/v1/openapi.json', async () => {
    const res = await t.app.inject('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Forge Nutrition API');
  });
});

test('the root path serves the shell', async () => {
  const res = await t.app.inject({ url: '/', headers: { accept: '*/*' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.body).toContain('<title>shell</title>');
});
