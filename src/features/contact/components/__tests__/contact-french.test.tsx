/**
 * The contact page in French (Quebec): its text, the form's labels and button from the French
 * catalog, and the contract's validation messages shown in French (numbers kept); the shop's
 * address and e-mail address stay as they are.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { ContactPage } from '../contact-page.tsx';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { frenchI18n } from '../../../../testing/i18n.ts';

afterEach(cleanup);

function renderInFrench(ui: ReactNode) {
  return renderWithProviders(ui, { path: '/contact', i18n: frenchI18n });
}

describe('the contact page in French', () => {
  test('the contact page: its text, labels, a validation message and the submit button', async () => {
    renderInFrench(<ContactPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Nous sommes là pour vous aider',
    );
    expect(
      screen.getByRole('complementary', { name: 'Autres façons de nous joindre' }),
    ).toBeTruthy();
    expect(document.body.textContent).toContain(
      'Du lundi au vendredi, de 9 h à 18 h (heure de l’Est)',
    );
    // The address and the e-mail address stay as they are.
    expect(screen.getByRole('link', { name: 'hello@forgenutrition.ca' })).toBeTruthy();
    expect(document.body.textContent).toContain('412 King Street West, Unit 3');

    const form = screen.getByRole('form', { name: 'Écrivez-nous' });
    for (const label of ['Nom', 'Courriel', 'Objet', 'Message'])
      expect(within(form).getByLabelText(label)).toBeTruthy();
    const submit = within(form).getByRole('button', { name: 'Envoyer le message' });

    fireEvent.change(within(form).getByLabelText('Courriel'), { target: { value: 'ann@' } });
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'Trop court' } });
    fireEvent.click(submit);
    expect(await within(form).findByText('Le nom est obligatoire')).toBeTruthy();
    expect(within(form).getByText('Entrez une adresse courriel valide')).toBeTruthy();
    expect(within(form).getByText('L’objet est obligatoire')).toBeTruthy();
    // A message with a number in it: the number is kept.
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'Court' } });
    expect(
      await within(form).findByText('Le message doit compter au moins 10 caractères'),
    ).toBeTruthy();
  });
});
