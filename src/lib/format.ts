/**
 * Display formatting. Money is integer cents, CAD.
 *
 * Exports: formatMoney(cents) → '$49.99' (en-CA), formatPercent(n) → '87%'.
 */
const money = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });

export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}

export function formatPercent(value: number): string {
  return `${Math.round(value)}%`;
}
