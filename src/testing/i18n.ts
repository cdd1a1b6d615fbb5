/**
 * The translators component tests render with (the app loads one per document): English, and
 * French for the tests that check a screen in French.
 */
import { setupI18n } from '@lingui/core';
import { messages } from '../locales/en-CA.ts';
import { messages as frenchMessages } from '../locales/fr-CA.ts';

export const testI18n = setupI18n({ locale: 'en-CA', messages: { 'en-CA': messages } });

export const frenchI18n = setupI18n({ locale: 'fr-CA', messages: { 'fr-CA': frenchMessages } });
