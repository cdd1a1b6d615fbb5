/**
 * On a first visit whose browser prefers the other language (`navigator.languages`), a small panel
 * at the foot of the screen offers it — written in that language, so a reader who needs it can
 * read it — beside a button, in the page's language, to stay. Either answer is kept as the choice,
 * which follow-choice.ts then follows on every page.
 *
 * The panel floats over the page (no layout shift) and appears only after hydration: the server's
 * HTML is the same for every reader.
 */
import { useRouterState } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { type Locale, preferredLocale } from '../../../contract/locale.ts';
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

export function LanguageOffer() {
  const pageLocale = useLocale();
  const location = useRouterState({ select: (state) => state.location });
  // Nothing on the server nor in the first render over its HTML; read once the page runs.
  const offered = useSyncExternalStore(
    subscribeToChoice,
    () => offerFor(pageLocale),
    () => null,
  );

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
