import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AnyRouteMatch } from '@tanstack/react-router';

/**
 * A route's `head`: its document title in the page's language (`titled(msg\`Product Details\`)`).
 */
export function titled(title: MessageDescriptor) {
  return ({ match }: { match: { context: { i18n: I18n } } }) => ({
    meta: [{ title: match.context.i18n._(title) }],
  });
}

/**
 * The deepest title the routes on screen declared. Those routes end at the first one that is not
 * loaded, failed, or shows the not-found screen (the root, its error a not-found): the routes below
 * it have no title of their own yet. Reads only the matches' public fields.
 *
 * The router's <HeadContent /> does the same and more (meta tags, links, scripts), but costs 1.3
 * KiB gzipped on every first page, which the budget has no room for; index.html's <title>
 * is the one title element, updated in place.
 */
export function documentTitle(matches: readonly AnyRouteMatch[]): string | undefined {
  const end = matches.findIndex((match) => match.status !== 'success' || match.error !== undefined);
  for (let index = end < 0 ? matches.length - 1 : end; index >= 0; index--) {
    const title = matches[index]!.meta?.find((entry) => entry?.title)?.title;
    if (title) return title;
  }
  return undefined;
}
