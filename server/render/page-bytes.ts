/**
 * A rendered page as bytes, with its compressed forms made once each, on the first request that
 * accepts them. The compression plugin compresses every answer again, synchronously, on the event
 * loop (a 110 KB listing at brotli quality 4 each time); a page the server keeps is sent many
 * times, so its compressed forms are kept with it, made off the event loop by zlib's thread pool.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The content codings a page is kept in, in the order the shop prefers them. */
export type ContentCoding = 'br' | 'gzip';
const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * Brotli's quality for a page: made once and sent many times, so a little above the plugin's
 * on-the-fly 4 (5 is about 10% smaller at a still small cost; 11 takes ~100x as long).
 */
export const PAGE_BROTLI_QUALITY = 5;

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export class PageBytes {
  readonly identity: Buffer;
  private readonly encoded = new Map<ContentCoding, Promise<Buffer>>();

  constructor(html: string) {
    this.identity = Buffer.from(html, 'utf8');
  }

  /** The page in `coding`, compressed on its first use and kept (a failure is not kept). */
  encode(coding: ContentCoding): Promise<Buffer> {
    const kept = this.encoded.get(coding);
    if (kept) return kept;
    const made =
      coding === 'br'
        ? brotliCompress(this.identity, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
            },
          })
        : gzip(this.identity);
    this.encoded.set(coding, made);
    made.catch(() => this.encoded.delete(coding));
    return made;
  }
}

/**
 * The coding to send for an Accept-Encoding header: brotli, else gzip, when the header accepts it
 * (named, or by `*`, with a q above 0); null for none (no header, `identity`, or both refused).
 */
export function negotiateCoding(header: string | undefined): ContentCoding | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => /^q=/i.test(parameter));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name.toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  const wildcard = quality.get('*') ?? 0;
  return CODINGS.find((coding) => (quality.get(coding) ?? wildcard) > 0) ?? null;
}
