/**
 * The link to the page on screen in the shop's other language, named in that language
 * ("Français" on English pages, "English" on French ones). A plain link: the other language's page
 * loads afresh, rendered by the server in that language, and the choice is kept for later visits.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useRouterState } from '@tanstack/react-router';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../contract/locale.ts';
import { chooseLocale, twinHref } from '../../lib/i18n/choice.ts';

export function otherLocale(locale: string): Locale {
  return LOCALES.find((candidate) => candidate !== locale) ?? LOCALES[0];
}

/** What the link does, said in the page's language. */
const SWITCH_TITLES: Record<Locale, MessageDescriptor> = {
  'en-CA': msg`This page in English`,
  'fr-CA': msg`This page in French`,
};

export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const location = useRouterState({ select: (state) => state.location });
  const other = otherLocale(i18n.locale);
  return (
    <a
      className={className}
      href={twinHref(location, other)}
      hrefLang={other}
      lang={other}
      title={i18n._(SWITCH_TITLES[other])}
      data-testid="language-switch"
      onClick={() => chooseLocale(other)}
    >
      {LOCALE_NAMES[other]}
    </a>
  );
}
