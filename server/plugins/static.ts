import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadPageRenderer, sendShell } from '../render/pages.ts';
import { NO_CACHE } from './cache-policy.ts';
import { fileSecurityHeaders } from './security.ts';
import { LONG_PARAM_MESSAGE, MAX_PATH_PARAM_LENGTH } from './errors.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files a browser must re-check on every load, or a new release would never reach it. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/** The build's compressed forms of a file (scripts/precompress.ts), sent in its place. */
const COMPRESSED_FORM = /\.(?:br|gz)$/;

function cacheControlFor(filePath: string, distDir: string): string {
  // The policy is the file's own whichever form of it goes out: `sw.js.br` is still the worker.
  const relative = path
    .relative(distDir, filePath.replace(COMPRESSED_FORM, ''))
    .split(path.sep)
    .join('/');
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (ALWAYS_REVALIDATE.has(relative)) return NO_CACHE;
  return 'public, max-age=86400';
}

/** A path that names a file (`/icons/x.png`), not a page. */
const FILE_PATH = /\/[^/]*\.[a-z0-9]+$/i;

/**
 * Serves the built PWA: hashed assets cached for a year, the shell and worker always revalidated,
 * and every other GET of a page address answered with the page rendered on the server
 * (server/render/pages.ts) — or, without a server build, with index.html so client routes survive
 * reloads. API paths never get a page: they get a JSON 404.
 */
export default fp(async function staticFiles(app: FastifyInstance, opts: { distDir: string }) {
  const { distDir } = opts;
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const pages = await loadPageRenderer(app, {
    distDir,
    serverDir: path.join(path.dirname(distDir), 'dist-server'),
    origin: app.config.publicOrigin,
  });
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      // The build writes each text file's brotli and gzip forms at their best (a browser's entry
      // script 112.4 KiB as brotli against 131.8 compressed on the fly); a file without them is
      // compressed per answer by the compression plugin, as before.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', cacheControlFor(filePath, distDir));
        fileSecurityHeaders(reply, filePath);
      },
    });
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      pages ? pages.send(request, reply) : sendShell(reply),
    );
  } else {
    app.log.warn({ distDir }, 'no PWA build found: serving the API only (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // With the build's catch-all route in the router, an over-long segment no longer fails
    // routing (414) but lands here: it is still refused as too long, not "not found".
    if (pathname.split('/').some((segment) => segment.length > MAX_PATH_PARAM_LENGTH)) {
      return reply.code(414).send({
        success: false,
        message: LONG_PARAM_MESSAGE,
        code: 'uri_too_long',
        errors: [{ path: 'url', message: LONG_PARAM_MESSAGE }],
      });
    }
    const readsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    // Link previews and crawlers ask with `Accept: */*`: a page address answers its page to any
    // reader; a missing file answers a page only to a browser asking for one.
    if (
      pages &&
      readsPage &&
      (!FILE_PATH.test(pathname) || (request.headers.accept ?? '').includes('text/html'))
    ) {
      return pages.send(request, reply);
    }
    if (hasBuild && readsPage && (request.headers.accept ?? '').includes('text/html')) {
      return sendShell(reply);
    }
    return reply.code(404).send({
      success: false,
      message: pathname.startsWith('/api/')
        ? `No API endpoint ${request.method} ${pathname}.`
        : `Not found: ${pathname}`,
      code: 'not_found',
    });
  });
});
