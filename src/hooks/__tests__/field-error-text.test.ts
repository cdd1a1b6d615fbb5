/**
 * The contract's validation messages and the request failures in the page's language: French from
 * the French catalog, English unchanged, and a message not known here (or the server's own) as
 * it came.
 */
import { describe, expect, test } from 'vitest';
import {
  COUNTRY_NOT_SHIPPED,
  PHONE_FORMAT,
  POSTAL_CODE_FORMAT,
} from '../../../contract/checkout-rules.ts';
import { ERROR_CODES } from '../../../contract/errors.ts';
import { ApiError } from '../../lib/api-client.ts';
import { ERROR_CODE_TEXT } from '../../lib/error-code-text.ts';
import { asSentence } from '../../lib/format.ts';
import { failureMessage, UNREACHABLE } from '../../lib/failure-message.ts';
import { frenchI18n, testI18n } from '../../testing/i18n.ts';
import { fieldErrorText } from '../field-error-text.ts';

const french = frenchI18n;

describe('fieldErrorText', () => {
  test('translates the contract’s messages, numbers and times kept', () => {
    expect(fieldErrorText('Email is required', french)).toBe('Le courriel est obligatoire');
    expect(fieldErrorText('Subject must be at most 150 characters', french)).toBe(
      'L’objet doit compter au plus 150 caractères',
    );
    expect(fieldErrorText('Choose a time between 09:00 and 18:00', french)).toBe(
      'Choisissez une heure entre 09:00 et 18:00',
    );
  });

  test('the address, checkout and card rules, as the contract words them, in French', () => {
    const rules = [
      'is required',
      'is too long',
      POSTAL_CODE_FORMAT,
      PHONE_FORMAT,
      'must be a Canadian province or territory code such as ON or QC',
      COUNTRY_NOT_SHIPPED,
      'must be a card number',
      'must be MM/YY',
      'must be 3 or 4 digits',
    ];
    for (const rule of rules) {
      expect(fieldErrorText(rule, testI18n), rule).toBe(rule);
      expect(fieldErrorText(rule, french), rule).not.toBe(rule);
    }
    expect(fieldErrorText(POSTAL_CODE_FORMAT, french)).toBe(
      'Entrez un code postal canadien, comme A1A 1A1',
    );
    expect(asSentence(fieldErrorText('is required', french))).toBe('Ce champ est obligatoire');
    expect(asSentence(fieldErrorText('is required', testI18n))).toBe('Is required.');
  });

  test('leaves English, unknown messages and a missing translator as they are', () => {
    for (const message of ['Subject must be at most 150 characters', 'Email is required'])
      expect(fieldErrorText(message, testI18n)).toBe(message);
    expect(fieldErrorText('Ce courriel est déjà utilisé', french)).toBe(
      'Ce courriel est déjà utilisé',
    );
    expect(fieldErrorText('Email is required')).toBe('Email is required');
  });
});

describe('failureMessage with a translator', () => {
  test('its own texts and the client’s fallbacks in French; the server’s as they came', () => {
    expect(failureMessage(new ApiError(0, 'Network error'), 'x', french)).toBe(
      'Impossible de joindre la boutique. Vérifiez votre connexion et réessayez.',
    );
    expect(failureMessage(new ApiError(502, 'Request failed (502).'), 'x', french)).toBe(
      'La requête a échoué (502).',
    );
    expect(failureMessage(new ApiError(400, 'Déjà envoyé', [], true), 'x', french)).toBe(
      'Déjà envoyé',
    );
    expect(failureMessage(new ApiError(0, 'Network error'), 'x')).toBe(UNREACHABLE);
  });

  test('a server error on a French page says its code’s meaning in French', () => {
    const used = (message: string) =>
      new ApiError(409, message, [], true, null, { code: 'discount_used', message });
    expect(failureMessage(used('That code was already used.'), 'x', french)).toBe(
      'Ce code de rabais a déjà été utilisé.',
    );
    // English pages keep the server's own words.
    expect(failureMessage(used('That code was already used.'), 'x', testI18n)).toBe(
      'That code was already used.',
    );
    const limited = new ApiError(429, 'Slow down.', [], true, 3, { code: 'rate_limited' });
    expect(failureMessage(limited, 'x', french)).toBe(
      'Trop de tentatives. Attendez un moment, puis réessayez.',
    );
  });

  test('every error code has its French', () => {
    for (const code of ERROR_CODES) {
      const text = french._(ERROR_CODE_TEXT[code]);
      expect(text, code).not.toBe(testI18n._(ERROR_CODE_TEXT[code]));
    }
    expect(failureMessage(new ApiError(502, 'Request failed (502).'), 'x', testI18n)).toBe(
      'Request failed (502).',
    );
  });
});
