import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { negotiateCoding, PageBytes } from './page-bytes.ts';

describe('negotiateCoding', () => {
  test.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', null],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['br;q=0.1, gzip;q=1', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0, *;q=0.5', 'br'],
    ['gzip;q=nonsense', null],
  ] as const)('%j → %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});

describe('PageBytes', () => {
  const html = `<!doctype html><p>Protéine — ${'whey '.repeat(2_000)}</p>`;

  test('holds the page as UTF-8 and gives it back compressed in each coding', async () => {
    const page = new PageBytes(html);
    expect(page.identity.toString('utf8')).toBe(html);
    const br = await page.encode('br');
    const gz = await page.encode('gzip');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(html);
    expect(gunzipSync(gz).toString('utf8')).toBe(html);
    expect(br.length).toBeLessThan(page.identity.length / 10);
  });

  test('compresses once per coding however often it is asked', async () => {
    const page = new PageBytes(html);
    const [first, second] = await Promise.all([page.encode('br'), page.encode('br')]);
    expect(second).toBe(first);
    expect(await page.encode('br')).toBe(first);
  });
});
