/**
 * The shop's two languages and where each lives. English (Canada) is the shop's first language and
 * keeps every address as it is; French (Canada) is the same page under `/fr`: `/fr` is the home page,
 * `/fr/product/<slug>` a product (the path after the prefix is the English one, so every route has
 * its twin without a second route table). Shared by the server (page head, sitemap, negotiation)
 * and the browser (router, language switch).
 */

export const LOCALES = ['en-CA', 'fr-CA'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of an address without a prefix, and of `hreflang="x-default"`. */
export const DEFAULT_LOCALE: Locale = 'en-CA';

/** The path prefix of French pages. */
export const FRENCH_PREFIX = '/fr';

/** Each language's name in itself, as the language switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-CA': 'English',
  'fr-CA': 'Français',
};

/** Open Graph writes a locale with an underscore. */
export const OPEN_GRAPH_LOCALES: Record<Locale, string> = {
  'en-CA': 'en_CA',
  'fr-CA': 'fr_CA',
};

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

function isFrenchPath(pathname: string): boolean {
  return pathname === FRENCH_PREFIX || pathname.startsWith(`${FRENCH_PREFIX}/`);
}

/** The language a page address is in. */
export function localeOfPath(pathname: string): Locale {
  return isFrenchPath(pathname) ? 'fr-CA' : DEFAULT_LOCALE;
}

/** A page address without its language prefix: the path the routes know (`/fr/cart` → `/cart`). */
export function pathWithoutLocale(pathname: string): string {
  if (!isFrenchPath(pathname)) return pathname;
  return pathname.slice(FRENCH_PREFIX.length) || '/';
}

/**
 * The address of the page at `pathname` (a path the routes know, or an address in either language)
 * in `locale`: `/cart` → `/fr/cart`, `/fr/cart` → `/cart` for English, `/` → `/fr`.
 */
export function pathInLocale(pathname: string, locale: Locale): string {
  const bare = pathWithoutLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/' ? FRENCH_PREFIX : `${FRENCH_PREFIX}${bare}`;
}

/**
 * The shop's language a browser prefers most, from its `Accept-Language` (`fr-CA,fr;q=0.9,en;q=0.8`)
 * or `navigator.languages`; undefined when it names neither French nor English.
 */
export function preferredLocale(
  languages: string | readonly string[] | undefined,
): Locale | undefined {
  const ranked =
    typeof languages === 'string'
      ? languages
          .split(',')
          .map((part, index) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params
              .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
              .find((value) => value !== undefined);
            return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
          })
          .filter((entry) => entry.q > 0 && Number.isFinite(entry.q))
          .sort((a, b) => b.q - a.q || a.index - b.index)
          .map((entry) => entry.tag)
      : (languages ?? []);
  for (const tag of ranked) {
    const language = tag.toLowerCase().split('-')[0];
    if (language === 'fr') return 'fr-CA';
    if (language === 'en') return 'en-CA';
  }
  return undefined;
}
