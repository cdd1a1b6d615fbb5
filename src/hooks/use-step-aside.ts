/**
 * Keeps a floating button (position: fixed) from covering the page: `aside` is true while the
 * button's box overlaps something the shopper may need there, a control (link, button, field) or
 * what an action shows (an alert, a status, a list of totals), outside other fixed layers. The
 * button then fades out and lets taps through; it comes back once its corner is clear. It is
 * measured again on every scroll, resize and change of the page, at most once a frame.
 *
 * The button stays in the tab order and the accessibility tree while aside: it shows again when it
 * has keyboard focus (its CSS does that with :focus-visible).
 */
import { useEffect, useRef, useState } from 'react';

/** What a floating button must never hide. */
const KEEP_CLEAR_SELECTOR =
  'a[href], button, input, select, textarea, summary, [role="alert"], [role="status"], dl';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function inFixedLayer(element: Element): boolean {
  for (let at: Element | null = element; at; at = at.parentElement) {
    if (getComputedStyle(at).position === 'fixed') return true;
  }
  return false;
}

/** Whether `floating`'s box lies over something of the page that must stay clear. */
function coversPage(floating: Element): boolean {
  const box = floating.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  for (const element of document.querySelectorAll(KEEP_CLEAR_SELECTOR)) {
    if (floating.contains(element)) continue;
    const rect = element.getBoundingClientRect();
    // Visually hidden inputs (a 1 px box) are drawn by their label, which is checked on its own.
    if (rect.width <= 1 || rect.height <= 1 || !overlaps(box, rect)) continue;
    if (element.checkVisibility && !element.checkVisibility({ visibilityProperty: true })) continue;
    if (!inFixedLayer(element)) return true;
  }
  return false;
}

export function useStepAside<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  const [aside, setAside] = useState(false);

  useEffect(() => {
    const floating = ref.current;
    if (!shown || !floating) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setAside(coversPage(floating));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class', 'style', 'hidden', 'open', 'aria-expanded'],
    });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resizes?.observe(document.body);
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      resizes?.disconnect();
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
    };
  }, [shown]);

  return { ref, aside };
}
