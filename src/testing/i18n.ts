/** The English translator component tests render with (the app loads it per document). */
import { setupI18n } from '@lingui/core';
import { messages } from '../locales/en-CA.ts';

export const testI18n = setupI18n({ locale: 'en-CA', messages: { 'en-CA': messages } });
