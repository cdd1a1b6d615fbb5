/**
 * Paths no crawler should follow: the API, which answers data, not pages. Every page address is
 * left open, private ones included: the server renders the cart, checkout and account pages as
 * their frame only, the same for everyone, so they hold nothing to keep from a crawler, and a
 * page blocked here is one a search engine reports as unreachable (Lighthouse's SEO audit fails
 * it). What is worth indexing is what the sitemap lists.
 */
const DISALLOWED_PATHS = ['/api/'] as const;

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
