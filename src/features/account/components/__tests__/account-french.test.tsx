/**
 * The account screens in French (Quebec): the sign-in and registration forms (title, labels,
 * links, the button, a confirmation error beside its field) and the profile's "Change password"
 * section read their text from the French catalog (src/locales/fr-CA.ts).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { customerState } from '../../../../stores/customer.ts';
import { ChangePassword } from '../change-password.tsx';
import { LoginForm } from '../login-form.tsx';
import { RegisterForm } from '../register-form.tsx';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { frenchI18n } from '../../../../testing/i18n.ts';

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = null;
});
afterEach(cleanup);

function renderInFrench(ui: ReactNode) {
  return renderWithProviders(ui, { path: '/login', i18n: frenchI18n });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

/** The error shown beside a field (the first id its aria-describedby names). */
function errorBeside(input: HTMLInputElement): string | null | undefined {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : null;
}

describe('the account screens in French', () => {
  test('the sign-in form', async () => {
    renderInFrench(<LoginForm />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Se connecter');
    const form = screen.getByRole('form', { name: 'Se connecter' });
    expect(within(form).getByLabelText('Courriel')).toBeTruthy();
    expect(within(form).getByLabelText('Mot de passe')).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Mot de passe oublié?' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByText(/^Bon retour\. Connectez-vous pour passer la commande/)).toBeTruthy();
    expect(screen.getByText(/Nouveau chez Forge Nutrition\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  test('the registration form, with a confirmation error beside its field', async () => {
    renderInFrench(<RegisterForm />);
    const form = await screen.findByRole('form', { name: 'Créer un compte' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Créer un compte');
    for (const label of ['Nom', 'Courriel', 'Mot de passe', 'Confirmer le mot de passe']) {
      expect(field(label)).toBeTruthy();
    }
    expect(screen.getByText('Au moins 8 caractères, dont une lettre et un chiffre.')).toBeTruthy();
    expect(screen.getByText(/Vous avez déjà un compte\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();

    fireEvent.change(field('Nom'), { target: { value: 'Anne Tremblay' } });
    fireEvent.change(field('Courriel'), { target: { value: 'anne@example.com' } });
    fireEvent.change(field('Mot de passe'), { target: { value: 'forge-strong-42' } });
    fireEvent.change(field('Confirmer le mot de passe'), { target: { value: 'forge-strong-43' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Créer un compte' }));

    const confirmation = field('Confirmer le mot de passe');
    await waitFor(() => expect(confirmation.getAttribute('aria-invalid')).toBe('true'));
    expect(errorBeside(confirmation)).toBe('Les mots de passe ne correspondent pas.');
    expect(customerState.auth.user).toBeNull();
  });

  test('the profile’s “Change password” section', async () => {
    renderInFrench(<ChangePassword />);
    const section = await screen.findByRole('region', { name: 'Changer le mot de passe' });
    const form = within(section).getByRole('form', { name: 'Changer le mot de passe' });
    for (const label of [
      'Mot de passe actuel',
      'Nouveau mot de passe',
      'Confirmer le nouveau mot de passe',
    ]) {
      expect(within(form).getByLabelText(label, { exact: true })).toBeTruthy();
    }
    expect(within(form).getByRole('button', { name: 'Changer le mot de passe' })).toBeTruthy();

    fireEvent.change(field('Mot de passe actuel'), { target: { value: 'forge-strong-42' } });
    fireEvent.change(field('Nouveau mot de passe'), { target: { value: 'forge-stronger-43' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Changer le mot de passe' }));
    const confirmation = field('Confirmer le nouveau mot de passe');
    await waitFor(() => expect(errorBeside(confirmation)).toBe('Confirmez votre mot de passe.'));
  });
});
