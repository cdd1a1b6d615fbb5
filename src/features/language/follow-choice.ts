/**
 * A shopper who chose a language (the switch, or the language offer) and lands on an address in the
 * other one is sent to its twin, in the browser, once the page runs, unless they came from that
 * twin: then they followed the switch before its page ran, and this page's language is the new
 * choice. Never on the server: a crawler or a shared link is never redirected.
 *
 * Run by the root route on every page, as the page starts; the offer (language-offer.tsx) is a
 * chunk that loads later.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { localeOfPath, pathInLocale } from '../../../contract/locale.ts';
import { chooseLocale, chosenLocale, twinHref } from '../../lib/i18n/choice.ts';
import { useLocale } from '../../lib/i18n/use-locale.ts';

/**
 * Whether this page was opened from its own twin in the other language, on this site: only the
 * language switch (or the offer) links a page to its twin, since every other link keeps the page's
 * language.
 */
function openedFromTwin(): boolean {
  if (!document.referrer) return false;
  const from = new URL(document.referrer);
  const here = window.location.pathname;
  return (
    from.origin === window.location.origin &&
    from.pathname !== here &&
    pathInLocale(from.pathname, localeOfPath(here)) === here
  );
}

export function useFollowChosenLanguage(): void {
  const pageLocale = useLocale();
  const location = useRouterState({ select: (state) => state.location });
  useEffect(() => {
    const chosen = chosenLocale();
    if (!chosen || chosen === pageLocale) return;
    // The switch followed before its page ran keeps no choice: coming from the twin says it.
    if (openedFromTwin()) chooseLocale(pageLocale);
    else window.location.replace(twinHref(location, chosen));
    // Once per document: its language never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageLocale]);
}
