/**
 * The routes' search-param schemas, as plain functions: TanStack Router takes a function as
 * `validateSearch`, from the search it parsed (numbers, booleans, arrays as JSON reads them) to the
 * validated one.
 *
 * A URL is typed by hand, shared and bookmarked: a value that does not fit (`page=abc`, a sort
 * that no longer exists) is dropped instead of failing the page, which then shows its default
 * (page 1, the default sort, no filter). The router lays the validated search over the raw one,
 * so a param that does not fit is kept as `undefined` (the raw value cannot show through); a param
 * that is not in the URL stays out.
 *
 * Hand-written rather than a schema library: route definitions ship with every first page, and
 * these few readers cost a fraction of the 5.4 KiB gzipped that zod/mini's were.
 */

/** Reads one param as the router parsed it: its value, or undefined when it does not fit. */
export type SearchParam<T> = (value: unknown) => T | undefined;

/** The search a schema of `shape` validates: each param optional, `undefined` when dropped. */
export type SearchOf<Shape extends Record<string, SearchParam<unknown>>> = {
  [Key in keyof Shape]?: ReturnType<Shape[Key]>;
};

/** A route's `validateSearch`: each param of `shape` read by its reader, the rest left alone. */
export function searchSchema<Shape extends Record<string, SearchParam<unknown>>>(
  shape: Shape,
): (search: Record<string, unknown>) => SearchOf<Shape> {
  return (search) => {
    const validated: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      if (Object.hasOwn(search, key)) validated[key] = read(search[key]);
    }
    return validated as SearchOf<Shape>;
  };
}

/**
 * Free text (a search term, a size such as `5 lb`): the router reads `q=123` as a number and
 * `q=true` as a boolean, but the shopper typed text. Trimmed; blank means no value.
 */
export const searchText: SearchParam<string> = (value) =>
  value === undefined ? undefined : String(value).trim() || undefined;

/** Any text, as it is (a path to go back to). */
export const anyText: SearchParam<string> = (value) =>
  typeof value === 'string' ? value : undefined;

/** Text of at least one character (an id). */
export const nonEmptyText: SearchParam<string> = (value) =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** Text matching `pattern`. */
export function matching(pattern: RegExp): SearchParam<string> {
  return (value) => (typeof value === 'string' && pattern.test(value) ? value : undefined);
}

/** A whole number from `min` to `max`. */
export function wholeNumber(min: number, max: number): SearchParam<number> {
  return (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? value
      : undefined;
}

/** A number from `min` to `max`, fractions allowed. */
export function numberBetween(min: number, max: number): SearchParam<number> {
  return (value) => (typeof value === 'number' && value >= min && value <= max ? value : undefined);
}

/** One of `values`. */
export function oneOf<const Values extends readonly string[]>(
  values: Values,
): SearchParam<Values[number]> {
  return (value) =>
    (values as readonly unknown[]).includes(value) ? (value as Values[number]) : undefined;
}

/** `true` or `false`. */
export const flag: SearchParam<boolean> = (value) =>
  typeof value === 'boolean' ? value : undefined;
