/**
 * Building blocks of the routes' search-param schemas. TanStack Router takes a Standard Schema as
 * `validateSearch`, and zod schemas are one, so a route passes its schema as it is.
 *
 * A URL is typed by hand, shared and bookmarked: a value that does not fit (`page=abc`, a sort
 * that no longer exists) is dropped instead of failing the page, which then shows its default
 * (page 1, the default sort, no filter). The router lays the validated search over the raw one;
 * zod keeps a dropped key as `undefined`, so the raw value cannot show through.
 *
 * zod/mini rather than zod: route definitions ship with the first page, and mini's functions
 * tree-shake down to what is used: about 5.4 KiB gzipped here, 4.6 of it zod's core (see
 * vite.config.ts for why the first page gets a copy of its own).
 */
import * as z from 'zod/mini';

/** An optional param that becomes `undefined` when its value does not fit the schema. */
export function lenient<T extends z.core.SomeType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

/**
 * Free text (a search term, a size such as `5 lb`): the router reads `q=123` as a number and
 * `q=true` as a boolean, but the shopper typed text. Trimmed; blank means no value.
 */
export const searchText = lenient(
  z.pipe(
    z.coerce.string<string | number | boolean>(),
    z.transform((value) => value.trim() || undefined),
  ),
);

/** One refinement rather than zod's int, minimum and maximum checks: 0.3 KiB less to ship. */
export function wholeNumber(min: number, max: number) {
  return lenient(z.number().check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max)));
}
