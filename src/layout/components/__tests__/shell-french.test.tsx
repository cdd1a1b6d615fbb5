/**
 * The shop's frame in French (Quebec): the not-found screen, the footer, the header and the mobile
 * menu read their text from the French catalog (src/locales/fr-CA.ts), and the language switch
 * offers English.
 */
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { customerState, type AuthUser } from '../../../stores/customer.ts';
import { Footer } from '../footer.tsx';
import { Header } from '../header.tsx';
import { MobileMenu } from '../mobile-menu.tsx';
import { NotFoundScreen } from '../not-found-screen.tsx';
import { renderWithProviders } from '../../../testing/render.tsx';
import { frenchI18n } from '../../../testing/i18n.ts';

const SHOPPER: AuthUser = { _id: 'usr_1', name: 'Ann', email: 'ann@example.com', role: 'customer' };

afterEach(() => {
  cleanup();
  customerState.auth.user = null;
});

function renderInFrench(ui: ReactNode) {
  return renderWithProviders(ui, { path: '/about', i18n: frenchI18n });
}

describe('the shop’s frame in French', () => {
  test('the not-found screen', async () => {
    renderInFrench(<NotFoundScreen />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page introuvable');
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    expect(screen.getByText(/La page que vous cherchez/)).toBeTruthy();
  });

  test('the footer, with a switch to English', async () => {
    renderInFrench(<Footer />);
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('© 2025 Forge Nutrition. Tous droits réservés.')).toBeTruthy();
    expect(within(footer).getByText('Liens rapides')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Nous joindre' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Suivez-nous sur Instagram' })).toBeTruthy();
    expect(within(footer).getByRole('list', { name: 'Modes de paiement acceptés' })).toBeTruthy();
    // The brand and the address stay as they are.
    expect(footer.textContent).toContain('412 King Street West, Unit 3');
    expect(within(footer).getByTestId('language-switch').textContent).toBe('English');
  });

  test('the header', async () => {
    renderInFrench(<Header />);
    const header = await screen.findByTestId('site-header');
    expect(within(header).getByRole('button', { name: 'Ouvrir le menu' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Accueil Forge Nutrition' })).toBeTruthy();
    expect(within(header).getByRole('navigation', { name: 'Principale' })).toBeTruthy();
    expect(within(header).getAllByRole('link', { name: 'ACCUEIL' }).length).toBeGreaterThan(0);
    expect(within(header).getByTestId('categories-button').textContent).toContain('CATÉGORIES');
    expect(within(header).getAllByRole('button', { name: 'Rechercher' })).toHaveLength(2);
    expect(within(header).getByTestId('cart-link').getAttribute('aria-label')).toBe('Panier');
    expect(within(header).getByTestId('user-menu-button').getAttribute('aria-label')).toBe(
      'Menu du compte',
    );
    expect(within(header).getAllByTestId('language-switch')[0]!.textContent).toBe('English');
    // Off the home page it has no overlay class, and no "false" in its place.
    expect(header.className).not.toMatch(/\b(false|undefined)\b/);
    expect(header.className.split(' ').filter(Boolean)).toHaveLength(2);
  });

  test('the mobile menu, signed in', async () => {
    customerState.auth.user = SHOPPER;
    renderInFrench(<MobileMenu open onClose={() => {}} />);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: 'Fermer le menu' })).toBeTruthy();
    expect(within(menu).getByText('Bonjour, Ann')).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Mon profil' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Mes commandes' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
    expect(within(menu).getByTestId('language-switch').textContent).toBe('English');
  });
});
