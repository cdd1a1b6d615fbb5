/**
 * The terms of sale in both languages: the figures come from the checkout's own rules (the free
 * shipping threshold, the payment window), the links lead to the shipping, returns and contact
 * pages, and the French page names the Quebec act and its French availability.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { frenchI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { TermsPage } from '../terms-page.tsx';

const NBSP = '\u00a0';

afterEach(cleanup);

test('the terms of sale in English, with the checkout’s figures and the policies linked', async () => {
  renderWithProviders(<TermsPage />, { path: '/terms' });
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Terms of sale');
  for (const name of [
    'Who sells',
    'Prices and taxes',
    'Orders and payment',
    'Cancelling',
    'Delivery and returns',
    'Using our products',
    'Your rights',
  ]) {
    expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
  }
  const text = document.body.textContent ?? '';
  expect(text).toContain('Standard shipping is free from $99.00 after discounts.');
  expect(text).toContain('An order not paid within 30 minutes lapses');
  expect(text).toContain('30 minto pay before an order lapses');
  const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
  expect(hrefOf('shipping page')).toBe('/shipping');
  expect(hrefOf('returns policy')).toBe('/returns');
  expect(hrefOf('contact page')).toBe('/contact');
  expect(hrefOf('hello@forgenutrition.ca')).toBe('mailto:hello@forgenutrition.ca');
});

test('the terms of sale in French', async () => {
  renderWithProviders(<TermsPage />, { path: '/terms', i18n: frenchI18n });
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
    'Conditions de vente',
  );
  const text = document.body.textContent ?? '';
  expect(text).toContain(
    `La livraison standard est gratuite à partir de 99,00${NBSP}$ après rabais.`,
  );
  expect(text).toContain(`Une commande non payée dans les 30 minutes est annulée${NBSP}:`);
  expect(text).toContain('Loi sur la protection du consommateur du Québec');
  expect(text).toContain('Ces conditions sont offertes en français et en anglais.');
  expect(text).toContain('TPS, TVH, TVQ ou TVP');
  expect(screen.getByRole('link', { name: 'page de livraison' }).getAttribute('href')).toBe(
    '/shipping',
  );
  expect(screen.getByRole('link', { name: 'politique de retour' }).getAttribute('href')).toBe(
    '/returns',
  );
});
