/**
 * Every page has a French twin with a French title: the test walks the whole route tree, so a new
 * route without a title, or with one the French catalog lacks, fails here.
 */
import type { I18n } from '@lingui/core';
import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, test } from 'vitest';
import { routeTree } from '../routeTree.gen.ts';
import { frenchI18n, testI18n } from '../testing/i18n.ts';

/** Routes that are no page of their own: layouts, the catch-all, an old address's redirect. */
const NOT_PAGES = new Set(['/_shop', '/_account', '/$', '/consult']);

function allRoutes(route: AnyRoute): AnyRoute[] {
  const children = Object.values((route.children ?? {}) as Record<string, AnyRoute>);
  return [route, ...children.flatMap(allRoutes)];
}

function titleOf(route: AnyRoute, i18n: I18n): string | undefined {
  const head = route.options.head as
    ((context: unknown) => { meta?: { title?: string }[] }) | undefined;
  const result = head?.({
    match: { context: { i18n }, error: undefined },
    matches: [],
    params: {},
    loaderData: undefined,
  });
  return result?.meta?.find((entry) => entry.title)?.title;
}

const inEnglish = testI18n;
const inFrench = frenchI18n;

describe('page titles in both languages', () => {
  // The generated tree sets each route's id in its options; `route.id` waits for a router.
  const idOf = (route: AnyRoute) => (route.options as { id?: string }).id ?? '';
  const pages = allRoutes(routeTree as unknown as AnyRoute).filter(
    (route) => !route.isRoot && !NOT_PAGES.has(idOf(route)),
  );

  test('the tree has its pages', () => {
    expect(pages.length).toBeGreaterThan(25);
  });

  test.each(pages.map((route) => [idOf(route), route] as const))('%s', (_id, route) => {
    const englishTitle = titleOf(route, inEnglish);
    const frenchTitle = titleOf(route, inFrench);
    expect(englishTitle, 'an English title').toMatch(/\S/);
    expect(frenchTitle, 'a French title').toMatch(/\S/);
    expect(frenchTitle).not.toBe(englishTitle);
  });

  test('the root’s own titles, for a missing page and while loading', () => {
    const root = routeTree as unknown as AnyRoute;
    expect(titleOf(root, inFrench)).toBe('Tableau de bord');
    const head = root.options.head as (context: unknown) => { meta: { title: string }[] };
    const notFound = head({
      match: { context: { i18n: inFrench }, error: { isNotFound: true } },
    }).meta[0]!.title;
    expect(notFound).toBe('Page introuvable');
  });
});
