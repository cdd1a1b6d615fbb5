/**
 * The consultation booking in French (Quebec): labels, the contract's goals labelled in French
 * (their values, what the API takes, unchanged) and the submit button.
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { messages } from '../../../../locales/fr-CA.ts';
import { BookingForm } from '../consultancy-page.tsx';

afterEach(cleanup);

function renderInFrench(ui: ReactNode) {
  const i18n = setupI18n({ locale: 'fr-CA', messages: { 'fr-CA': messages } });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the consultation booking in French', () => {
  test('the consultation booking: labels, the choices and the button', async () => {
    renderInFrench(<BookingForm />);
    const form = await screen.findByRole('form', { name: 'Réservation d’une consultation' });
    expect(within(form).getByLabelText('Numéro de téléphone')).toBeTruthy();
    const goal = within(form).getByLabelText('Votre objectif');
    expect([...goal.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Choisissez un objectif',
      'Prendre du muscle',
      'Perdre du poids',
      'Améliorer ses performances',
      'Endurance',
      'Santé générale',
    ]);
    // The values sent to the API stay the contract's.
    expect(goal.querySelector('option:nth-child(2)')?.getAttribute('value')).toBe('build-muscle');
    expect(within(form).getByRole('button', { name: 'Réserver la consultation' })).toBeTruthy();
  });
});
