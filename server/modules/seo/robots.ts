/**
 * Paths no crawler should follow: the cart, checkout and account pages are private (and render
 * only their frame on the server), and the API answers data, not pages.
 */
export const DISALLOWED_PATHS = [
  '/cart',
  '/checkout',
  '/order-success',
  '/my-orders',
  '/order/',
  '/profile/',
  '/admin/',
  '/api/',
] as const;

/**
 * The shop's robots.txt. The sitemap's address is built on the configured public origin, never
 * on the request's Host: whoever sends the request chooses that, and a crawler reaching the shop
 * through another name must still be pointed at the shop's own address.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
