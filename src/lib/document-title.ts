/**
 * Document titles (spec §2). Each route declares its title with the router's `head` option:
 *
 *   export const Route = createFileRoute('/_shop/cart')({
 *     head: () => ({ meta: [{ title: 'Your Cart' }] }),
 *     component: CartPage,
 *   });
 *
 * Exports: DEFAULT_TITLE ('Builder Dashboard', also in index.html), NOT_FOUND_TITLE,
 * titleFromMatches(matches): the deepest declared title, 'Page Not Found' when a match is a
 * not-found, the default otherwise. The root route applies it to document.title.
 */
export const DEFAULT_TITLE = 'Builder Dashboard';
export const NOT_FOUND_TITLE = 'Page Not Found';

interface MatchLike {
  status?: string;
  _notFound?: boolean;
  meta?: unknown;
}

export function titleFromMatches(matches: readonly MatchLike[]): string {
  if (matches.some((match) => match.status === 'notFound' || match._notFound)) {
    return NOT_FOUND_TITLE;
  }
  for (let index = matches.length - 1; index >= 0; index--) {
    const meta = matches[index]?.meta;
    if (!Array.isArray(meta)) continue;
    for (const entry of meta as ({ title?: unknown } | undefined)[]) {
      if (entry && typeof entry.title === 'string' && entry.title) return entry.title;
    }
  }
  return DEFAULT_TITLE;
}
