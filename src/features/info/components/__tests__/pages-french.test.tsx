/**
 * The information pages in French (Quebec): their text comes from the French catalog
 * (src/locales/fr-CA.ts), every figure is kept, and the shipping page writes its prices the French
 * way (`99 $`, no-break spaces). The English catalog is checked against the contract's texts these
 * pages and the contact and consultancy forms repeat.
 */
import { msg } from '@lingui/core/macro';
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { SHIPPING_DELIVERY_TIMES } from '../../../../../contract/checkout-rules.ts';
import {
  CONSULTATION_SUCCESS_MESSAGE,
  CONTACT_SUCCESS_MESSAGE,
} from '../../../../../contract/engagement-rules.ts';
import { frenchI18n, testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { AboutPage } from '../about-page.tsx';
import { ReturnsPage } from '../returns-page.tsx';
import { DELIVERY_TIMES, ShippingPage } from '../shipping-page.tsx';

const NBSP = '\u00a0';

afterEach(cleanup);

function renderInFrench(ui: ReactNode) {
  return renderWithProviders(ui, { path: '/about', i18n: frenchI18n });
}

describe('the information pages in French', () => {
  test('the about page: heading, a paragraph and a link inside it', async () => {
    renderInFrench(<AboutPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Des suppléments qui méritent leur place dans votre routine',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Notre histoire' })).toBeTruthy();
    expect(screen.getByText(/^Nous avons fondé Forge Nutrition après des années/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'consultation' }).getAttribute('href')).toBe(
      '/consultancy',
    );
    expect(screen.getByRole('link', { name: 'Écrivez-nous' }).getAttribute('href')).toBe(
      '/contact',
    );
  });

  test('the returns page keeps every figure', async () => {
    renderInFrench(<ReturnsPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Retours et remboursements',
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('dans les 30 jours suivant la livraison');
    expect(text).toContain('5 à 10 jours ouvrables');
    expect(text).toContain(`«${NBSP}meilleur avant${NBSP}»`);
  });

  test('the shipping page: French prices and delivery times', async () => {
    renderInFrench(<ShippingPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Livraison');
    const table = screen.getByRole('table', {
      name: 'Tarifs de livraison en dollars canadiens, avant taxes',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Mode', 'Sous-total de la commande', 'Prix', 'Délai de livraison'],
      ['Standard', `99,00${NBSP}$ ou plus`, 'Gratuit', '3 à 7 jours ouvrables'],
      ['Standard', `Moins de 99,00${NBSP}$`, `9,99${NBSP}$`, '3 à 7 jours ouvrables'],
      ['Express', 'Tout montant', `19,99${NBSP}$`, '1 à 2 jours ouvrables'],
    ]);
    // The facts above the table round the threshold to whole dollars.
    const facts = [...document.querySelectorAll('li')].map((fact) => fact.textContent);
    expect(facts).toContain(`Gratuitlivraison standard sur les commandes de 99${NBSP}$ ou plus`);
    expect(facts).toContain(`9,99${NBSP}$livraison standard pour moins de 99${NBSP}$`);
  });
});

describe('the English catalog repeats the contract', () => {
  test('the shipping page in English is as it was', async () => {
    renderWithProviders(<ShippingPage />, { path: '/about' });
    const table = await screen.findByRole('table', {
      name: 'Shipping rates in Canadian dollars, before tax',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows.slice(1)).toEqual([
      ['Standard', '$99.00 or more', 'Free', '3–7 business days'],
      ['Standard', 'Under $99.00', '$9.99', '3–7 business days'],
      ['Express', 'Any', '$19.99', '1–2 business days'],
    ]);
    const facts = [...document.querySelectorAll('li')].map((fact) => fact.textContent);
    expect(facts).toContain('$9.99standard shipping under $99');
  });

  test('delivery times and the forms’ confirmations', () => {
    expect(testI18n._(DELIVERY_TIMES.standard)).toBe(SHIPPING_DELIVERY_TIMES.standard);
    expect(testI18n._(DELIVERY_TIMES.express)).toBe(SHIPPING_DELIVERY_TIMES.express);
    expect(
      testI18n._(
        msg`Thanks for your message! We have e-mailed you a confirmation and will reply within 1–2 business days.`,
      ),
    ).toBe(CONTACT_SUCCESS_MESSAGE);
    expect(
      testI18n._(
        msg`Your consultation request is booked! We have e-mailed you a confirmation and will contact you to confirm the time.`,
      ),
    ).toBe(CONSULTATION_SUCCESS_MESSAGE);
  });
});
