/**
 * Display formatting. Money is integer cents, CAD, shown as '$1,234.56' (en-CA).
 */

/**
 * Written out rather than through Intl.NumberFormat: the first Intl formatter a page builds loads
 * locale data, a long task on a slow phone, and prices are on almost every page's first paint.
 * The output is the same as en-CA's CAD currency format (a unit test checks them side by side).
 */
export function formatMoney(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${rest}`;
}

export function formatPercent(value: number): string {
  return `${Math.round(value)}%`;
}

/**
 * A field error as a sentence. The API's field errors are often fragments ("must be 3 or 4
 * digits"), written to follow a field's name in a list; beside the field they read as sentences
 * ("Must be 3 or 4 digits."). A message that starts with a capital is already written for the
 * shopper ("Full name is required") and is left exactly as it is.
 */
export function asSentence(message: string): string {
  const text = message.trim();
  const first = text[0];
  if (!first || first === first.toUpperCase()) return message;
  const capitalised = first.toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
