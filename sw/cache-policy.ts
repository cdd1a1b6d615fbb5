/**
 * The bounds of the worker's runtime caches (docs/architecture.md, Offline). They live apart
 * from the entry so that the browser tests hold the built worker to the same numbers it runs with.
 */
const DAY_SECONDS = 24 * 60 * 60;

/** Public catalogue answers: taxonomy and search. */
export const PUBLIC_API_CACHE_POLICY = {
  pathPrefixes: ['/api/v1/taxonomy/', '/api/v1/search/'],
  maxEntries: 200,
  maxAgeSeconds: 7 * DAY_SECONDS,
} as const;

/** Product, category, brand and flavor images. */
export const IMAGE_CACHE_POLICY = {
  pathPrefix: '/api/v1/images/',
  maxEntries: 300,
  maxAgeSeconds: 30 * DAY_SECONDS,
  /** An image larger than this, decoded, is shown but never kept. */
  maxImageBytes: 2 * 1024 * 1024,
} as const;
