/**
 * The shop in the shopper's own language, without ever redirecting a crawler or a shared link:
 *
 * - A shopper who chose a language (the switch, or this offer) and lands on an address in the
 *   other one is sent to its twin, in the browser, once the page has loaded, unless they came from
 *   that twin: then they followed the switch before its page ran, and this page's language is the
 *   new choice.
 * - On a first visit whose browser prefers the other language (`navigator.languages`), a small
 *   panel at the foot of the screen offers it — written in that language, so a reader who needs it
 *   can read it — beside a button, in the page's language, to stay.
 *
 * The panel floats over the page (no layout shift) and appears only after hydration: the server's
 * HTML is the same for every reader.
 */
import { useRouterState } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useEffect, useSyncExternalStore } from 'react';
import {
  type Locale,
  localeOfPath,
  pathInLocale,
  preferredLocale,
} from '../../../contract/locale.ts';
import { chooseLocale, chosenLocale, subscribeToChoice, twinHref } from '../../lib/i18n/choice.ts';
import { useLocale } from '../../lib/i18n/use-locale.ts';
import styles from './language-offer.module.css';

/** The offer, in the language it offers. */
const OFFERS: Record<Locale, { text: string; action: string }> = {
  'en-CA': { text: 'This shop is also in English.', action: 'Switch to English' },
  'fr-CA': { text: 'Ce magasin est aussi offert en français.', action: 'Passer au français' },
};

/** The language to offer on a page in `pageLocale`: the browser's, if no choice was made yet. */
function offerFor(pageLocale: Locale): Locale | null {
  if (chosenLocale()) return null;
  const preferred = preferredLocale(navigator.languages);
  return preferred && preferred !== pageLocale ? preferred : null;
}

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

export function LanguageOffer() {
  const pageLocale = useLocale();
  const location = useRouterState({ select: (state) => state.location });
  // Nothing on the server nor in the first render over its HTML; read once the page runs.
  const offered = useSyncExternalStore(
    subscribeToChoice,
    () => offerFor(pageLocale),
    () => null,
  );

  useEffect(() => {
    const chosen = chosenLocale();
    if (!chosen || chosen === pageLocale) return;
    // The switch followed before its page ran keeps no choice: coming from the twin says it.
    if (openedFromTwin()) chooseLocale(pageLocale);
    else window.location.replace(twinHref(location, chosen));
    // Once per document: its language never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageLocale]);

  if (!offered) return null;
  const offer = OFFERS[offered];
  return (
    <aside className={styles.offer} lang={offered} aria-label={offer.text}>
      <p className={styles.text}>{offer.text}</p>
      <div className={styles.actions}>
        <a
          className={styles.primary}
          href={twinHref(location, offered)}
          hrefLang={offered}
          onClick={() => chooseLocale(offered)}
        >
          {offer.action}
        </a>
        <button
          type="button"
          className={styles.secondary}
          lang={pageLocale}
          onClick={() => chooseLocale(pageLocale)}
        >
          {pageLocale === 'fr-CA' ? <Trans>Stay in French</Trans> : <Trans>Stay in English</Trans>}
        </button>
      </div>
    </aside>
  );
}
