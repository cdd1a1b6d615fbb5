/**
 * `tsx scripts/precompress.ts`, the last step of `npm run build`: compresses the browser build
 * once. Next to every text file of dist/ (scripts, styles, the shell, the worker, SVG, the web
 * manifest) it writes `<file>.br` (brotli at its best quality) and `<file>.gz` (gzip at its best
 * level), each where it is smaller than the file, and the server sends those as they are
 * (server/plugins/static.ts, `preCompressed`). Small files too: 15 of the 22 files of the heaviest
 * first page are under 1 KiB (route chunks, messages), which the server's on-the-fly compression
 * leaves as they are; compressed, those 15 send 4.2 KiB less.
 *
 * Compressing each answer on the fly, as the server's compression plugin does, has to be quick,
 * so it uses brotli's quality 4: the entry script went out at 131.8 KiB, more than gzip's best
 * (130.2). Made once at quality 11 it is 112.4 KiB, and no request spends the server's CPU on it.
 * The service worker's precache fetches the same files, so an installed shop downloads less too.
 *
 * A step of its own rather than a bundler plugin: it runs after the service worker is built, and
 * its 1–2 s of compression inside the bundler's callbacks would read as a slow plugin.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The files worth compressing: text. Pictures and fonts (PNG, WOFF2) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;

/** A file's brotli form, at the quality the build writes. */
export function brotli(content: Buffer): Buffer {
  return brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

/** A file's gzip form, at the level the build writes (and the bundle budget counts). */
export function gzip(content: Buffer): Buffer {
  return gzipSync(content, { level: 9 });
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir`, each only where it is smaller
 * than the file. Returns how many bytes the files hold, and how many go out as brotli.
 */
export function precompressDirectory(dir: string): { files: number; raw: number; br: number } {
  const totals = { files: 0, raw: 0, br: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    const forms = { br: brotli(content), gz: gzip(content) };
    for (const [extension, compressed] of Object.entries(forms)) {
      if (compressed.length < content.length) writeFileSync(`${file}.${extension}`, compressed);
    }
    totals.files += 1;
    totals.raw += content.length;
    totals.br += Math.min(forms.br.length, content.length);
  }
  return totals;
}

function main() {
  const dist = path.resolve(import.meta.dirname, '..', 'dist');
  if (!existsSync(dist)) {
    console.error('dist/ is missing: run `vite build` first.');
    process.exit(1);
  }
  const { files, raw, br } = precompressDirectory(dist);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`precompressed ${files} files of dist/: ${kib(raw)}, ${kib(br)} as brotli`);
}

if (process.argv[1] === import.meta.filename) main();
