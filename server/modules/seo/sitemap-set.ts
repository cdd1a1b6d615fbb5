import type { Executor } from '../../db/client.ts';
import { etagOf } from '../../lib/conditional.ts';
import { childLocation, childPages, planSitemaps, type SitemapChild } from './service.ts';
import type { SitemapSource } from './sources.ts';
import { sitemapIndexXml, urlsetXml } from './xml.ts';

/** A body as sent, with its strong ETag. */
export interface SitemapBody {
  body: string;
  etag: string;
}

/** A body with its validator. */
export const withEtag = (body: string): SitemapBody => ({ body, etag: etagOf(body) });

export interface SitemapSetOptions {
  db: Executor;
  sources: readonly SitemapSource[];
  origin: string;
  maxUrls: number;
}

/**
 * The index and its child sitemaps as of one moment. The index is built at once (one short query
 * per source); a child is built the first time it is asked for and then kept with the set, so the
 * set never holds more than crawlers actually read.
 */
export class SitemapSet {
  private readonly bodies = new Map<string, Promise<SitemapBody>>();

  private constructor(
    private readonly options: SitemapSetOptions,
    private readonly children: ReadonlyMap<string, SitemapChild>,
    readonly index: SitemapBody,
  ) {}

  static async build(options: SitemapSetOptions): Promise<SitemapSet> {
    const children = await planSitemaps(options.db, options.sources, options.maxUrls);
    const index = sitemapIndexXml(
      children.map((child) => ({
        loc: childLocation(options.origin, child),
        lastmod: child.lastmod,
      })),
    );
    return new SitemapSet(
      options,
      new Map(children.map((child) => [`${child.name}.xml`, child])),
      withEtag(index),
    );
  }

  /** The child sitemap served as `file` (`products-1.xml`), or null when the index has none. */
  child(file: string): Promise<SitemapBody> | null {
    const child = this.children.get(file);
    if (!child) return null;
    let body = this.bodies.get(file);
    if (!body) {
      body = this.render(child);
      this.bodies.set(file, body);
      body.catch(() => this.bodies.delete(file));
    }
    return body;
  }

  private async render(child: SitemapChild): Promise<SitemapBody> {
    const { db, maxUrls, origin } = this.options;
    return withEtag(urlsetXml(await childPages(db, child, maxUrls, origin)));
  }
}
