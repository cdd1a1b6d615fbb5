/**
 * Exports: compareNames(a, b) — orders display names alphabetically, ignoring case and accents
 * ('énergie' sorts with 'Energy'), for client-side sorting of category and brand lists.
 *
 * Not localeCompare or Intl.Collator: the first collator a page builds loads locale data, a long
 * task (tens of milliseconds even on a fast machine) on the first paint of every page with the
 * categories menu. Folded code-unit order is the same for the shop's Latin names.
 */
function fold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function compareNames(a: string, b: string): number {
  const x = fold(a);
  const y = fold(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
