/**
 * Runs `callback` once, at the shopper's first input on the page (a press, a tap, a key), then
 * stops listening; the returned function stops listening earlier. For work a page needs only once
 * someone acts on it — a form's validation rules — which would otherwise run as a long task while
 * the page is still loading.
 *
 * Focus alone does not count: the shop moves focus itself (into a dialog as it opens, to the field
 * an e-mail's link is for).
 */
export const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown'] as const;

export function onFirstInput(callback: () => void): () => void {
  const stop = () => {
    for (const type of FIRST_INPUT_EVENTS) document.removeEventListener(type, run, true);
  };
  function run() {
    stop();
    callback();
  }
  for (const type of FIRST_INPUT_EVENTS) {
    document.addEventListener(type, run, { capture: true, passive: true });
  }
  return stop;
}
