/**
 * The mega-menu's columns, as a pure function, and the menus' category links (the mobile menu's
 * rule: name lowercased, spaces → hyphens).
 *
 * Rules: only items with a slug are shown; Popular = items whose slug is one of the popular slugs,
 * in that order, at most 6; every other item that also has a name is sorted by name and grouped by
 * its uppercased first letter into A - E, F - M, N - T, U - Z; any other first letter is dropped.
 */
import { POPULAR_CATEGORY_SLUGS } from '../../contract/catalog-rules.ts';
import { POPULAR_CATEGORIES_MAX } from '../lib/constants.ts';
import { compareFolded } from '../../contract/search-rules.ts';
import type { MenuCategory } from './api/get-categories.ts';

export interface ShownCategory {
  slug: string;
  name: string;
}

export const MENU_GROUPS = [
  { title: 'A - E', from: 'A', to: 'E' },
  { title: 'F - M', from: 'F', to: 'M' },
  { title: 'N - T', from: 'N', to: 'T' },
  { title: 'U - Z', from: 'U', to: 'Z' },
] as const;

export type MenuGroupTitle = (typeof MENU_GROUPS)[number]['title'];

export interface CategoryGroups {
  popular: ShownCategory[];
  groups: { title: MenuGroupTitle; items: ShownCategory[] }[];
}

const popularSlugs: readonly string[] = POPULAR_CATEGORY_SLUGS;

function label(category: MenuCategory): string {
  return typeof category.name === 'string' && category.name.trim() ? category.name.trim() : '';
}

export function groupCategories(list: readonly MenuCategory[] | null | undefined): CategoryGroups {
  const withSlug = (list ?? []).filter(
    (item): item is MenuCategory & { slug: string } =>
      Boolean(item) && typeof item.slug === 'string' && item.slug.trim() !== '',
  );

  const popular = withSlug
    .filter((item) => popularSlugs.includes(item.slug))
    .sort((a, b) => popularSlugs.indexOf(a.slug) - popularSlugs.indexOf(b.slug))
    .slice(0, POPULAR_CATEGORIES_MAX)
    .map((item) => ({ slug: item.slug, name: label(item) || item.slug }));

  const rest = withSlug
    .filter((item) => !popularSlugs.includes(item.slug) && label(item) !== '')
    .map((item) => ({ slug: item.slug, name: label(item) }))
    .sort((a, b) => compareFolded(a.name, b.name));

  const groups = MENU_GROUPS.map((group) => ({
    title: group.title,
    items: rest.filter((item) => {
      const letter = item.name.charAt(0).toUpperCase();
      return letter >= group.from && letter <= group.to && /^[A-Z]$/.test(letter);
    }),
  }));

  return { popular, groups };
}

export function categoryPath(slug: string): string {
  return `/category/${slug}`;
}

/**
 * The mobile menu's name rule gives the slug for every plain name ('Joint Health' → joint-health).
 * A name with punctuation ('Zinc & Magnesium') would give a path no category has, so the slug is
 * used there (docs/decisions.md, What we do differently from the original shop).
 */
export function mobileCategorySlug({ name, slug }: { name: string; slug?: string | null }): string {
  const derived = name.trim().toLowerCase().replace(/\s+/g, '-');
  return slug && !/^[a-z0-9-]+$/.test(derived) ? slug : derived;
}

export function mobileCategoryPath(category: { name: string; slug?: string | null }): string {
  return categoryPath(mobileCategorySlug(category));
}
