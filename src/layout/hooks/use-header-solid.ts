/**
 * On the home page, true once the top-product section (the element with `data-header-sentinel`,
 * else `#top-products`) has scrolled up past the 64 px header line; before that the header stays
 * transparent. Without such a section it falls back to the page having scrolled 64 px.
 */
import { useEffect, useState } from 'react';
import { HEADER_HEIGHT_PX } from '../../lib/constants.ts';

function sentinel(): Element | null {
  return (
    document.querySelector('[data-header-sentinel]') ?? document.getElementById('top-products')
  );
}

export function useHeaderSolid(active: boolean): boolean {
  const [solid, setSolid] = useState(false);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    let section = sentinel();
    const measure = () => {
      frame = 0;
      setSolid(
        section
          ? section.getBoundingClientRect().top <= HEADER_HEIGHT_PX
          : window.scrollY > HEADER_HEIGHT_PX,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    // The home page may render its sections after the header mounts: watch for the section until
    // it is there, and no longer — a measure per DOM change forced a layout in every frame while
    // the page was still rendering.
    const observer = new MutationObserver(() => {
      section = sentinel();
      if (!section) return;
      observer.disconnect();
      schedule();
    });
    if (!section) observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [active]);
  return active ? solid : true;
}
