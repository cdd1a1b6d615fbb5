/**
 * The interface's messages in each language (src/locales/<locale>.ts, compiled by `npm run i18n`
 * from the PO catalogs beside them). A page loads its own language's catalog only: each is a chunk
 * of its own.
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { Locale } from '../../../contract/locale.ts';

const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'en-CA': () => import('../../locales/en-CA.ts'),
  'fr-CA': () => import('../../locales/fr-CA.ts'),
};

/** A translator for `locale` with its catalog loaded: one per document, one per server render. */
export async function loadI18n(locale: Locale): Promise<I18n> {
  const { messages } = await CATALOGS[locale]();
  return setupI18n({ locale, messages: { [locale]: messages } });
}
