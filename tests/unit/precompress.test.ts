import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';

let dir: string;
const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
};
const text = (bytes: number) => 'const flavours = ["vanilla", "chocolate"];\n'.repeat(bytes / 40);

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'forge-precompress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDirectory', () => {
  test('every text file, nested or not, gains brotli and gzip forms of exactly its bytes', () => {
    const files = [
      write('index.html', `<!doctype html>${text(4000)}`),
      write('sw.js', text(3000)),
      write('manifest.webmanifest', `{"name": "${text(2000)}"}`),
      write('assets/c-abc.js', text(20_000)),
      write('assets/index.css', `.a{color:red}${text(2000)}`),
      write('icons/logo.svg', `<svg>${text(2000)}</svg>`),
    ];
    const totals = precompressDirectory(dir);
    expect(totals.files).toBe(files.length);
    for (const file of files) {
      const original = readFileSync(file);
      const br = readFileSync(`${file}.br`);
      const gz = readFileSync(`${file}.gz`);
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length, file).toBeLessThan(original.length);
    }
    expect(totals.br).toBeLessThan(totals.raw / 4);
  });

  test('a small text file is compressed too; pictures, fonts and other files are left as they are', () => {
    const small = write('assets/c-route.js', 'export const route = "/product/$slug";'.repeat(8));
    write('icons/icon.png', Buffer.alloc(5000, 7));
    write('fonts/body.woff2', Buffer.alloc(5000, 7));
    write('robots', text(4000));
    expect(precompressDirectory(dir).files).toBe(1);
    expect(brotliDecompressSync(readFileSync(`${small}.br`)).equals(readFileSync(small))).toBe(
      true,
    );
    expect(gunzipSync(readFileSync(`${small}.gz`)).equals(readFileSync(small))).toBe(true);
    for (const name of ['icons/icon.png', 'fonts/body.woff2', 'robots']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });

  test('a form no smaller than its file is not written', () => {
    // Random bytes do not compress: both forms come out larger than the file.
    const file = write('assets/noise.js', randomBytes(4096));
    precompressDirectory(dir);
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
  });
});
