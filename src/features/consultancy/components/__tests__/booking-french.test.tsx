/**
 * The consultation booking in French (Quebec): labels, the contract's goals labelled in French
 * (their values, what the API takes, unchanged) and the submit button.
 */
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { BookingForm } from '../consultancy-page.tsx';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { frenchI18n } from '../../../../testing/i18n.ts';

afterEach(cleanup);

function renderInFrench(ui: ReactNode) {
  return renderWithProviders(ui, { path: '/consultancy', i18n: frenchI18n });
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
