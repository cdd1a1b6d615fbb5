/**
 * Catalog facts the PWA's first pages need, without a schema library (importing `./catalog.ts`
 * would bring zod and its schemas into those pages).
 */

/** The categories shown in the menu's Popular column and on the home page, in this order. */
export const POPULAR_CATEGORY_SLUGS = [
  'protein-powder',
  'pre-workout',
  'creatine',
  'energy-drink',
  'amino-acids-bcaa-eaa',
  'post-workout',
] as const;
