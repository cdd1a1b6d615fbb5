/**
 * Names of the worker's runtime caches, shared by the routes that fill them and the logout
 * message that empties them. The version suffix lets a future worker drop an incompatible layout.
 */
export const PUBLIC_API_CACHE = 'forge-public-api-v1';
export const IMAGE_CACHE = 'forge-images-v1';

/** Every runtime cache holding API answers; all of them are emptied at logout. */
export const API_CACHES = [PUBLIC_API_CACHE, IMAGE_CACHE] as const;
